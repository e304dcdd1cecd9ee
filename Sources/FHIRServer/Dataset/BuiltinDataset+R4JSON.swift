// The built-in dataset, authored once in FHIR R4 JSON and converted to DSTU2 on load.
// Edit the JSON below; `BuiltinDatasetTests` checks it loads and validates in both versions.
extension BuiltinDataset {
    static let r4JSON = #"""
        {
          "resourceType": "Bundle",
          "type": "collection",
          "entry": [
            {
              "fullUrl": "Patient/f001",
              "resource": {
                "resourceType": "Patient",
                "id": "f001",
                "active": true,
                "identifier": [
                  {
                    "use": "official",
                    "system": "urn:oid:1.2.40.0.10.1.4.3.1",
                    "value": "1111241261",
                    "assigner": {
                      "display": "Österreichische Sozialversicherung"
                    }
                  },
                  {
                    "system": "http://medbrain.example/pharmacy-customer",
                    "value": "HA-000417",
                    "assigner": {
                      "display": "Heilsapotheke Eisenstadt"
                    }
                  }
                ],
                "name": [
                  {
                    "use": "official",
                    "family": "Mustermann",
                    "given": [
                      "Herbert",
                      "Hannes"
                    ],
                    "prefix": [
                      "Dipl.-Ing."
                    ],
                    "text": "Dipl.-Ing. Herbert Hannes Mustermann"
                  }
                ],
                "telecom": [
                  {
                    "system": "phone",
                    "value": "+43 2682 40400",
                    "use": "home"
                  },
                  {
                    "system": "phone",
                    "value": "+43 664 1234567",
                    "use": "mobile"
                  },
                  {
                    "system": "email",
                    "value": "herbert.mustermann@example.at",
                    "use": "home"
                  }
                ],
                "gender": "male",
                "birthDate": "1961-12-24",
                "address": [
                  {
                    "use": "home",
                    "line": [
                      "Musterstraße 13a"
                    ],
                    "city": "Eisenstadt",
                    "state": "Burgenland",
                    "postalCode": "7000",
                    "country": "AT"
                  }
                ]
              }
            },
            {
              "fullUrl": "Patient/f002",
              "resource": {
                "resourceType": "Patient",
                "id": "f002",
                "active": true,
                "identifier": [
                  {
                    "use": "official",
                    "system": "urn:oid:1.2.40.0.10.1.4.3.1",
                    "value": "2222150348"
                  }
                ],
                "name": [
                  {
                    "use": "official",
                    "family": "Beispielhuber",
                    "given": [
                      "Anna",
                      "Maria"
                    ]
                  }
                ],
                "telecom": [
                  {
                    "system": "phone",
                    "value": "+43 316 555 0182",
                    "use": "home"
                  },
                  {
                    "system": "email",
                    "value": "anna.beispielhuber@example.at"
                  }
                ],
                "gender": "female",
                "birthDate": "1948-03-15",
                "address": [
                  {
                    "use": "home",
                    "line": [
                      "Annenstraße 7/2"
                    ],
                    "city": "Graz",
                    "state": "Steiermark",
                    "postalCode": "8020",
                    "country": "AT"
                  }
                ]
              }
            },
            {
              "fullUrl": "Patient/f003",
              "resource": {
                "resourceType": "Patient",
                "id": "f003",
                "active": true,
                "identifier": [
                  {
                    "use": "official",
                    "system": "urn:oid:1.2.40.0.10.1.4.3.1",
                    "value": "3333070795"
                  }
                ],
                "name": [
                  {
                    "use": "official",
                    "family": "Probst",
                    "given": [
                      "Lukas"
                    ]
                  }
                ],
                "telecom": [
                  {
                    "system": "phone",
                    "value": "+43 1 555 0199",
                    "use": "mobile"
                  }
                ],
                "gender": "male",
                "birthDate": "1995-07-07",
                "address": [
                  {
                    "use": "home",
                    "line": [
                      "Probegasse 21"
                    ],
                    "city": "Wien",
                    "postalCode": "1050",
                    "country": "AT"
                  }
                ]
              }
            },
            {
              "fullUrl": "Medication/med-novalgin",
              "resource": {
                "resourceType": "Medication",
                "id": "med-novalgin",
                "code": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "status": "active",
                "form": {
                  "coding": [
                    {
                      "system": "http://snomed.info/sct",
                      "code": "385023001",
                      "display": "Oral drops"
                    }
                  ],
                  "text": "Oral drops"
                }
              }
            },
            {
              "fullUrl": "Medication/med-nasivin",
              "resource": {
                "resourceType": "Medication",
                "id": "med-nasivin",
                "code": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NAS-005",
                      "display": "Nasivin 0.05% nasal drops"
                    }
                  ],
                  "text": "Nasivin nasal drops (oxymetazoline)"
                },
                "status": "active",
                "form": {
                  "coding": [
                    {
                      "system": "http://snomed.info/sct",
                      "code": "385157007",
                      "display": "Nasal drops"
                    }
                  ],
                  "text": "Nasal drops"
                }
              }
            },
            {
              "fullUrl": "Medication/med-ciproxin",
              "resource": {
                "resourceType": "Medication",
                "id": "med-ciproxin",
                "code": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "CIP-400",
                      "display": "Ciproxin 400 mg film-coated tablet"
                    }
                  ],
                  "text": "Ciproxin 400 mg tablets (ciprofloxacin)"
                },
                "status": "active",
                "form": {
                  "coding": [
                    {
                      "system": "http://snomed.info/sct",
                      "code": "385057009",
                      "display": "Film-coated tablet"
                    }
                  ],
                  "text": "Film-coated tablet"
                }
              }
            },
            {
              "fullUrl": "Medication/med-coldistop",
              "resource": {
                "resourceType": "Medication",
                "id": "med-coldistop",
                "code": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "COL-010",
                      "display": "Coldistop nasal oil"
                    }
                  ],
                  "text": "Coldistop nasal oil"
                },
                "status": "active",
                "form": {
                  "coding": [
                    {
                      "system": "http://snomed.info/sct",
                      "code": "385157007",
                      "display": "Nasal drops"
                    }
                  ],
                  "text": "Nasal drops"
                }
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-01",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-01",
                "status": "active",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2014-05-12T09:15:00+02:00",
                "requester": {
                  "display": "Dr. Eva Lindner"
                },
                "note": [
                  {
                    "text": "Long-term pain medication for chronic back pain."
                  }
                ],
                "dosageInstruction": [
                  {
                    "sequence": 1,
                    "text": "20 drops twice a day, morning and evening",
                    "patientInstruction": "Put the drops on a spoon or into a little water and swallow.",
                    "timing": {
                      "repeat": {
                        "frequency": 2,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "26643006",
                          "display": "Oral route"
                        }
                      ],
                      "text": "by mouth"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 20,
                          "unit": "drops",
                          "system": "http://unitsofmeasure.org",
                          "code": "[drp]"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-02",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-02",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NAS-005",
                      "display": "Nasivin 0.05% nasal drops"
                    }
                  ],
                  "text": "Nasivin nasal drops (oxymetazoline)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-02-03T10:40:00+01:00",
                "requester": {
                  "display": "Dr. Thomas Gruber"
                },
                "dosageInstruction": [
                  {
                    "text": "1 drop per nostril, 2 to 3 times every 8 hours when the nose is blocked",
                    "timing": {
                      "repeat": {
                        "frequency": 2,
                        "frequencyMax": 3,
                        "period": 8,
                        "periodUnit": "h"
                      }
                    },
                    "asNeededBoolean": true,
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "46713006",
                          "display": "Nasal route"
                        }
                      ],
                      "text": "into the nose"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 1,
                          "unit": "drop",
                          "system": "http://unitsofmeasure.org",
                          "code": "[drp]"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-03",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-03",
                "status": "stopped",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "COL-010",
                      "display": "Coldistop nasal oil"
                    }
                  ],
                  "text": "Coldistop nasal oil"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-02-03T10:45:00+01:00",
                "requester": {
                  "display": "Dr. Thomas Gruber"
                },
                "note": [
                  {
                    "text": "Stopped after four days; symptoms had cleared."
                  }
                ],
                "dosageInstruction": [
                  {
                    "text": "3 applications, spaced every 6 to 8 hours",
                    "timing": {
                      "repeat": {
                        "frequency": 3,
                        "period": 6,
                        "periodMax": 8,
                        "periodUnit": "h"
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "46713006",
                          "display": "Nasal route"
                        }
                      ],
                      "text": "into the nose"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 2,
                          "unit": "drops",
                          "system": "http://unitsofmeasure.org",
                          "code": "[drp]"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-04",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-04",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "CIP-400",
                      "display": "Ciproxin 400 mg film-coated tablet"
                    }
                  ],
                  "text": "Ciproxin 400 mg tablets (ciprofloxacin)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-04-18T08:05:00+02:00",
                "requester": {
                  "display": "Dr. Eva Lindner"
                },
                "dosageInstruction": [
                  {
                    "text": "1 tablet 30 minutes before breakfast",
                    "timing": {
                      "repeat": {
                        "frequency": 1,
                        "period": 1,
                        "periodUnit": "d",
                        "when": [
                          "ACM"
                        ],
                        "offset": 30
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "26643006",
                          "display": "Oral route"
                        }
                      ],
                      "text": "by mouth"
                    },
                    "additionalInstruction": [
                      {
                        "text": "Swallow whole with a full glass of water; no milk or dairy at the same time."
                      }
                    ],
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 1,
                          "unit": "tablet",
                          "system": "http://unitsofmeasure.org",
                          "code": "{tbl}"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-05",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-05",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-05-09T14:30:00+02:00",
                "requester": {
                  "display": "Dr. Sabine Koller"
                },
                "note": [
                  {
                    "text": "Given on the ward during a short hospital stay."
                  }
                ],
                "dosageInstruction": [
                  {
                    "text": "Once a day as a slow infusion running 4 to 6 hours",
                    "timing": {
                      "repeat": {
                        "duration": 4,
                        "durationMax": 6,
                        "durationUnit": "h",
                        "frequency": 1,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "47625008",
                          "display": "Intravenous route"
                        }
                      ],
                      "text": "intravenous infusion"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 1,
                          "unit": "g",
                          "system": "http://unitsofmeasure.org",
                          "code": "g"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-06",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-06",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "CIP-400",
                      "display": "Ciproxin 400 mg film-coated tablet"
                    }
                  ],
                  "text": "Ciproxin 400 mg tablets (ciprofloxacin)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-06-01T11:20:00+02:00",
                "requester": {
                  "display": "Dr. Eva Lindner"
                },
                "dosageInstruction": [
                  {
                    "text": "1 tablet twice a day for 7 days",
                    "timing": {
                      "repeat": {
                        "boundsDuration": {
                          "value": 7,
                          "unit": "days",
                          "system": "http://unitsofmeasure.org",
                          "code": "d"
                        },
                        "frequency": 2,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "26643006",
                          "display": "Oral route"
                        }
                      ],
                      "text": "by mouth"
                    },
                    "patientInstruction": "Finish the whole pack even if you feel better sooner.",
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 1,
                          "unit": "tablet",
                          "system": "http://unitsofmeasure.org",
                          "code": "{tbl}"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-07",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-07",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NAS-005",
                      "display": "Nasivin 0.05% nasal drops"
                    }
                  ],
                  "text": "Nasivin nasal drops (oxymetazoline)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-03-07T09:00:00+01:00",
                "requester": {
                  "display": "Dr. Thomas Gruber"
                },
                "dosageInstruction": [
                  {
                    "text": "1 drop per nostril three times a day, for 3 to 5 days",
                    "timing": {
                      "repeat": {
                        "boundsRange": {
                          "low": {
                            "value": 3,
                            "unit": "days",
                            "system": "http://unitsofmeasure.org",
                            "code": "d"
                          },
                          "high": {
                            "value": 5,
                            "unit": "days",
                            "system": "http://unitsofmeasure.org",
                            "code": "d"
                          }
                        },
                        "frequency": 3,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "46713006",
                          "display": "Nasal route"
                        }
                      ],
                      "text": "into the nose"
                    },
                    "additionalInstruction": [
                      {
                        "text": "Do not use for longer than one week."
                      }
                    ],
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 1,
                          "unit": "drop",
                          "system": "http://unitsofmeasure.org",
                          "code": "[drp]"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-08",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-08",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2013-03-24T08:20:15+01:00",
                "requester": {
                  "display": "Dr. Sabine Koller"
                },
                "note": [
                  {
                    "text": "Carried over from the original 2013 medication list."
                  }
                ],
                "dosageInstruction": [
                  {
                    "text": "0.5 ml three times a day from 26 to 30 March 2013",
                    "timing": {
                      "repeat": {
                        "boundsPeriod": {
                          "start": "2013-03-26",
                          "end": "2013-03-30"
                        },
                        "frequency": 3,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "26643006",
                          "display": "Oral route"
                        }
                      ],
                      "text": "by mouth"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 0.5,
                          "unit": "ml",
                          "system": "http://unitsofmeasure.org",
                          "code": "mL"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-09",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-09",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "COL-010",
                      "display": "Coldistop nasal oil"
                    }
                  ],
                  "text": "Coldistop nasal oil"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-07-04T16:10:00+02:00",
                "requester": {
                  "display": "Dr. Thomas Gruber"
                },
                "dosageInstruction": [
                  {
                    "text": "Once a day, for 2 (at most 3) applications in total",
                    "timing": {
                      "repeat": {
                        "count": 2,
                        "countMax": 3,
                        "frequency": 1,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "asNeededBoolean": false,
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "46713006",
                          "display": "Nasal route"
                        }
                      ],
                      "text": "into the nose"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 2,
                          "unit": "drops",
                          "system": "http://unitsofmeasure.org",
                          "code": "[drp]"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-10",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-10",
                "status": "stopped",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NAS-005",
                      "display": "Nasivin 0.05% nasal drops"
                    }
                  ],
                  "text": "Nasivin nasal drops (oxymetazoline)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-01-11T12:00:00+01:00",
                "requester": {
                  "display": "Dr. Sabine Koller"
                },
                "note": [
                  {
                    "text": "Issued without dosage instructions; replaced by a later prescription."
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-11",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-11",
                "status": "active",
                "intent": "order",
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "authoredOn": "2016-08-09T17:00:00+02:00",
                "requester": {
                  "display": "Dr. Eva Lindner"
                },
                "dosageInstruction": [
                  {
                    "text": "1 tablet in the morning and 1 tablet in the evening",
                    "timing": {
                      "repeat": {
                        "frequency": 2,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "26643006",
                          "display": "Oral route"
                        }
                      ],
                      "text": "by mouth"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 1,
                          "unit": "tablet",
                          "system": "http://unitsofmeasure.org",
                          "code": "{tbl}"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-12",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-12",
                "status": "active",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f002"
                },
                "authoredOn": "2016-08-12T15:00:00+02:00",
                "requester": {
                  "display": "Dr. Sabine Koller"
                },
                "dosageInstruction": [
                  {
                    "text": "15 drops up to three times a day when needed for pain",
                    "timing": {
                      "repeat": {
                        "frequency": 3,
                        "period": 1,
                        "periodUnit": "d"
                      }
                    },
                    "asNeededBoolean": true,
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "26643006",
                          "display": "Oral route"
                        }
                      ],
                      "text": "by mouth"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 15,
                          "unit": "drops",
                          "system": "http://unitsofmeasure.org",
                          "code": "[drp]"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationRequest/ord-13",
              "resource": {
                "resourceType": "MedicationRequest",
                "id": "ord-13",
                "status": "completed",
                "intent": "order",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "COL-010",
                      "display": "Coldistop nasal oil"
                    }
                  ],
                  "text": "Coldistop nasal oil"
                },
                "subject": {
                  "reference": "Patient/f002"
                },
                "authoredOn": "2016-02-22T09:30:00+01:00",
                "requester": {
                  "display": "Dr. Sabine Koller"
                },
                "dosageInstruction": [
                  {
                    "text": "2 drops per nostril in the evening",
                    "timing": {
                      "repeat": {
                        "frequency": 1,
                        "period": 1,
                        "periodUnit": "d",
                        "when": [
                          "HS"
                        ]
                      }
                    },
                    "route": {
                      "coding": [
                        {
                          "system": "http://snomed.info/sct",
                          "code": "46713006",
                          "display": "Nasal route"
                        }
                      ],
                      "text": "into the nose"
                    },
                    "doseAndRate": [
                      {
                        "doseQuantity": {
                          "value": 2,
                          "unit": "drops",
                          "system": "http://unitsofmeasure.org",
                          "code": "[drp]"
                        }
                      }
                    ]
                  }
                ]
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-001",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-001",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt sick to the stomach; dose refused."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2014-06-18T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-002",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-002",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2014-10-02T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-003",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-003",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2014-12-29T08:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-004",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-004",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-01-02T20:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-005",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-005",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-01-04T08:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-006",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-006",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-03-17T20:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-007",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-007",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Forgot to take it."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-05-08T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-008",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-008",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Away from home without the medicine."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-07-21T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-009",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-009",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-09-30T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-010",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-010",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-11-12T20:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-011",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-011",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt sick to the stomach; dose refused."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2015-12-28T08:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-012",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-012",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectivePeriod": {
                  "start": "2015-12-31T23:50:00+01:00",
                  "end": "2016-01-01T00:15:00+01:00"
                },
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-013",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-013",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-01-03T20:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-014",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-014",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Away from home without the medicine."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-01-19T08:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-015",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-015",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-02-09T20:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-016",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-016",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-02-29T08:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-017",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-017",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-03-14T20:00:00+01:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-018",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-018",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-03-27T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-019",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-019",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-04-05T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-020",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-020",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-04-27T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-021",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-021",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-05-16T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-022",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-022",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt no pain, so skipped this dose."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-06-06T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-023",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-023",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-06-20T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-024",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-024",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-06-22T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-025",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-025",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-06-25T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-026",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-026",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-06-28T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-027",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-027",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-01T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-028",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-028",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Away from home without the medicine."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectivePeriod": {
                  "start": "2016-07-04T08:00:00+02:00",
                  "end": "2016-07-04T08:05:00+02:00"
                },
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-029",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-029",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Forgot to take it."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-06T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-030",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-030",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-09T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-031",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-031",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-12T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-032",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-032",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-14T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-033",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-033",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-18T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-034",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-034",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt sick to the stomach; dose refused."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-20T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-035",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-035",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt sick to the stomach; dose refused."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-23T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-036",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-036",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectivePeriod": {
                  "start": "2016-07-26T08:00:00+02:00",
                  "end": "2016-07-26T08:05:00+02:00"
                },
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-037",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-037",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Away from home without the medicine."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-07-29T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-038",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-038",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-01T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-039",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-039",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-03T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-040",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-040",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-06T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-041",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-041",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-09T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-042",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-042",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-09T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-043",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-043",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Pack was used up; the refill had not been collected yet."
                  }
                ],
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-10T07:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-044",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-044",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-10T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-045",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-045",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-10T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-046",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-046",
                "status": "completed",
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-11T07:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-047",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-047",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-11T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-048",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-048",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt sick to the stomach; dose refused."
                  }
                ],
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-11T19:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-049",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-049",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Pack was used up; the refill had not been collected yet."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-11T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-050",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-050",
                "status": "completed",
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-13T07:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 1,
                    "unit": "tablet",
                    "system": "http://unitsofmeasure.org",
                    "code": "{tbl}"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-051",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-051",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-13T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-052",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-052",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f002"
                },
                "effectiveDateTime": "2016-08-13T09:10:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-12"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 15,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-053",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-053",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-13T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-054",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-054",
                "status": "completed",
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-14T07:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-055",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-055",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-14T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-056",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-056",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Away from home without the medicine."
                  }
                ],
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-14T19:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-057",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-057",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt no pain, so skipped this dose."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-14T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-058",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-058",
                "status": "completed",
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-15T07:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 1,
                    "unit": "tablet",
                    "system": "http://unitsofmeasure.org",
                    "code": "{tbl}"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-059",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-059",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-15T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-060",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-060",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Pack was used up; the refill had not been collected yet."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f002"
                },
                "effectiveDateTime": "2016-08-15T13:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-12"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-061",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-061",
                "status": "not-done",
                "statusReason": [
                  {
                    "text": "Felt no pain, so skipped this dose."
                  }
                ],
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-15T20:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-062",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-062",
                "status": "completed",
                "medicationReference": {
                  "reference": "Medication/med-ciproxin"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-16T07:30:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-11"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 1,
                    "unit": "tablet",
                    "system": "http://unitsofmeasure.org",
                    "code": "{tbl}"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-063",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-063",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f002"
                },
                "effectiveDateTime": "2016-08-16T07:45:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-12"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 15,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-064",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-064",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-16T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            },
            {
              "fullUrl": "MedicationAdministration/adm-065",
              "resource": {
                "resourceType": "MedicationAdministration",
                "id": "adm-065",
                "status": "completed",
                "medicationCodeableConcept": {
                  "coding": [
                    {
                      "system": "http://medbrain.example/medication-codes",
                      "code": "NOV-500",
                      "display": "Novalgin 500 mg/ml drops"
                    }
                  ],
                  "text": "Novalgin drops (metamizole)"
                },
                "subject": {
                  "reference": "Patient/f001"
                },
                "effectiveDateTime": "2016-08-20T08:00:00+02:00",
                "request": {
                  "reference": "MedicationRequest/ord-01"
                },
                "dosage": {
                  "route": {
                    "coding": [
                      {
                        "system": "http://snomed.info/sct",
                        "code": "26643006",
                        "display": "Oral route"
                      }
                    ],
                    "text": "by mouth"
                  },
                  "dose": {
                    "value": 20,
                    "unit": "drops",
                    "system": "http://unitsofmeasure.org",
                    "code": "[drp]"
                  }
                }
              }
            }
          ]
        }
        """#
}

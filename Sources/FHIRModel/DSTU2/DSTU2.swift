/// FHIR DSTU2 (1.0.2), the version the tutorial was written against.
public enum DSTU2 {}

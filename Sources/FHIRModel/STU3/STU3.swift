/// FHIR STU3 (3.0.2), the release between DSTU2 and R4, which many deployed systems still speak.
public enum STU3 {}

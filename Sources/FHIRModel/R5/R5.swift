/// FHIR R5 (5.0.0), the current release: where the tutorial's story goes after R4.
public enum R5 {}

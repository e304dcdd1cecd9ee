/// FHIR R4 (4.0.1), the version most servers speak today.
public enum R4 {}

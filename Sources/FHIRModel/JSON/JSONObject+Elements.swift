extension JSONObject {
    /// FHIR's element `name` and its `_name` sibling, where FHIR's JSON keeps a primitive's `id`
    /// and extensions, found in one pass over the members.
    ///
    /// Paths (FHIRPath, search) ask this once per resource per step, so it compares the keys
    /// in place instead of building `"_" + name`.
    public func element(_ name: String) -> (value: JSONValue?, extensions: JSONValue?) {
        var value: JSONValue?
        var extensions: JSONValue?
        let length = name.utf8.count
        for index in members.indices {
            let key = members[index].key.utf8
            if value == nil, key.count == length, key.elementsEqual(name.utf8) {
                value = members[index].value
            } else if extensions == nil, key.count == length + 1, key.first == UInt8(ascii: "_"),
                key.dropFirst().elementsEqual(name.utf8)
            {
                extensions = members[index].value
            }
        }
        return (value, extensions)
    }
}

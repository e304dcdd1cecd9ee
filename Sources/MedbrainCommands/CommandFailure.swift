/// A failure worth one line to the user; ArgumentParser prints it and exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

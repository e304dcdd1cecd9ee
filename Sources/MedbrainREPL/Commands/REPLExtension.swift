/// Commands an outer layer adds to the REPL, such as the workbook's lessons. Its commands join
/// the REPL's own table (dispatch, `help`, completion alike); it may refuse a command before it
/// runs, and it hears of every command after it ran, so a lesson can check its step.
public protocol REPLExtension: AnyObject {
    /// The commands it adds, listed by `help` under the group's title (such as "Workbook").
    var commandGroup: CommandGroup { get }
    /// Why the command named `name` (its canonical name, not an alias) may not run now, or nil
    /// to let it run: a lesson that asks for raw requests refuses the shortcuts.
    func refusal(of name: String, in session: any LessonHost) -> String?
    func commandFinished(_ line: String, succeeded: Bool, in session: any LessonHost) async
}

extension REPLExtension {
    public func refusal(of name: String, in session: any LessonHost) -> String? { nil }
}

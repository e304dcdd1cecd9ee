/// Commands an outer layer adds to the REPL, such as the workbook's lessons. Its commands join
/// the REPL's own table (dispatch, `help`, completion alike), and it hears of every command
/// after it ran, so a lesson can check its step.
public protocol REPLExtension: AnyObject {
    /// The commands it adds, listed by `help` under the group's title (such as "Workbook").
    var commandGroup: CommandGroup { get }
    func commandFinished(_ line: String, succeeded: Bool, in repl: REPL) async
}

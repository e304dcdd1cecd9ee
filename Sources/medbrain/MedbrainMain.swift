import MedbrainCommands

/// The `medbrain` executable: everything it does lives in `MedbrainCommands`.
@main
enum MedbrainMain {
    static func main() async {
        await Medbrain.main()
    }
}

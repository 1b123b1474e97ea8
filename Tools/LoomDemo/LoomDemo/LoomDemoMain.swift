import ArgumentParser
import LoomDemoCommands

/// The `loom-demo` executable: parses the command line and runs the command, printing errors and help as
/// swift-argument-parser does.
///
/// The commands live in the `LoomDemoCommands` library so that tests can parse and run them in their own process.
@main
enum LoomDemoMain {
    static func main() async {
        await LoomDemoCommand.main()
    }
}

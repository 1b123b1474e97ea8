import Foundation

/// `LoomAutoregistrationTool <module> <output> <source>…`: scans the sources for `@Registerable` types and writes the
/// module's autoregistered `DependencyGroup` to `output` (left untouched when unchanged, so nothing rebuilds).
@main
enum LoomAutoregistrationTool {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count >= 2, let module = arguments.first, let output = arguments.dropFirst().first else {
            FileHandle.standardError.write(Data("usage: LoomAutoregistrationTool <module> <output> <source>...\n".utf8))
            exit(EXIT_FAILURE)
        }
        let sources = arguments.dropFirst(2).sorted()
        var types: [RegisterableType] = []
        for path in sources {
            let source = try String(contentsOfFile: path, encoding: .utf8)
            for type in RegisterableScanner.registerableTypes(in: source) where !types.contains(type) {
                types.append(type)
            }
        }
        let generated = GroupRenderer.render(module: module, types: types)
        let outputURL = URL(fileURLWithPath: output)
        if (try? String(contentsOf: outputURL, encoding: .utf8)) != generated {
            try generated.write(to: outputURL, atomically: true, encoding: .utf8)
        }
    }
}

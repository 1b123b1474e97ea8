#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line naming the machine and the date, printed above the table so every recorded run says where it ran.
enum MachineDescription {
    static var current: String {
        var parts = [today(), "\(processorCount()) cores"]
        if let model = processorModel() { parts.insert(model, at: 1) }
        return "Loom benchmarks — " + parts.joined(separator: ", ")
    }

    private static func today() -> String {
        var now = time(nil)
        var calendar = tm()
        gmtime_r(&now, &calendar)
        let month = calendar.tm_mon + 1
        let day = calendar.tm_mday
        return "\(calendar.tm_year + 1900)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    private static func processorCount() -> Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// The CPU model from `/proc/cpuinfo`, where there is one.
    private static func processorModel() -> String? {
        guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix("model name"), let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: " \n\t")
            }
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return String(text)
    }
}

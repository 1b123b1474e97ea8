public import Foundation

/// The demo's defaults, for the configuration keys and for help texts.
///
/// ```swift
/// let path = NotesDefaults.storePath(environment: ProcessInfo.processInfo.environment)
/// ```
public enum NotesDefaults {
    /// How many matches a search shows unless told otherwise.
    ///
    /// ```swift
    /// Conf[\.notesSearchLimit] == NotesDefaults.searchLimit   // true unless set
    /// ```
    public static let searchLimit = 20

    /// How many notes `list` and `search` show unless told otherwise.
    ///
    /// ```swift
    /// Conf[\.notesPageSize] == NotesDefaults.pageSize   // true unless set
    /// ```
    public static let pageSize = 20

    /// `value` seconds as the commands print them: `1 s`, `0.5 s`.
    ///
    /// ```swift
    /// NotesDefaults.seconds(2)   // "2 s"
    /// ```
    /// - Parameter value: A number of seconds.
    /// - Returns: The number without a needless fraction, and the unit.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    /// The default config file: `$XDG_CONFIG_HOME/loom-demo/config.json`, else `~/.config/loom-demo/config.json`.
    ///
    /// `XDG_CONFIG_HOME` counts only when it is an absolute path. The file is optional.
    ///
    /// ```swift
    /// NotesDefaults.configFilePath(environment: ["HOME": "/home/ada"])   // "/home/ada/.config/loom-demo/config.json"
    /// ```
    /// - Parameter environment: The environment variables to read (`XDG_CONFIG_HOME`, `HOME`).
    /// - Returns: The absolute path of the default config file.
    public static func configFilePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let configHome: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = xdg
        } else {
            configHome = homeDirectory(environment: environment) + "/.config"
        }
        return configHome + "/loom-demo/config.json"
    }

    /// `path` with a leading `~` or `~/` replaced by the home folder.
    ///
    /// ```swift
    /// NotesDefaults.expandingTilde(in: "~/notes.json", environment: ["HOME": "/h"])   // "/h/notes.json"
    /// ```
    /// - Parameters:
    ///   - path: A path as the user wrote it.
    ///   - environment: The environment variables to read (`HOME`).
    /// - Returns: The path with the home folder in place of a leading `~`.
    public static func expandingTilde(
        in path: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return homeDirectory(environment: environment) + path.dropFirst()
    }

    /// The default notes file: `$XDG_DATA_HOME/loom-demo/notes.json`, else `~/.local/share/loom-demo/notes.json`.
    ///
    /// Follows the XDG base directory rule: `XDG_DATA_HOME` counts only when it is an absolute path. The file need
    /// not exist: the first note creates it, with its folders.
    ///
    /// ```swift
    /// NotesDefaults.storePath(environment: ["HOME": "/home/ada"])   // "/home/ada/.local/share/loom-demo/notes.json"
    /// ```
    /// - Parameter environment: The environment variables to read (`XDG_DATA_HOME`, `HOME`).
    /// - Returns: The absolute path of the default notes file.
    public static func storePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = homeDirectory(environment: environment) + "/.local/share"
        }
        return dataHome + "/loom-demo/notes.json"
    }

    /// `HOME` if it is set, else the account's home folder.
    ///
    /// ```swift
    /// NotesDefaults.homeDirectory(environment: ["HOME": "/home/ada"])   // "/home/ada"
    /// ```
    /// - Parameter environment: The environment variables to read.
    /// - Returns: The home folder, without a trailing slash (unless it is `/`).
    public static func homeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], !home.isEmpty {
            return home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
        }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }
}

internal import Configuration
internal import LoomCore
public import ServiceLifecycle

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfSources: Service {
    /// Follows the providers until cancelled or a graceful shutdown: applies their values whenever one reports a change
    /// (a `ReloadingFileProvider` that re-read its file, a `MutableInMemoryProvider` that was set), and every
    /// ``pollInterval`` calls ``reload()``.
    ///
    /// Run it next to the providers it follows, in a swift-service-lifecycle `ServiceGroup` or a task of your own.
    /// Failed updates are logged once each (a file that stays malformed is not logged again on every poll) and keep
    /// the last good values; `run()` itself only ends when cancelled.
    ///
    /// ```swift
    /// let file = try await ReloadingFileProvider<JSONSnapshot>(filePath: "/etc/app.json")
    /// let sources = ConfSources(providers: [file], bindings: bindings, pollInterval: .seconds(15))
    /// try sources.apply()
    /// let group = ServiceGroup(services: [file, sources], logger: logger)
    /// try await group.run()
    /// ```
    public func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            await withTaskGroup(of: Void.self) { group in
                for provider in providers {
                    group.addTask { await self.follow(provider) }
                }
                if let pollInterval {
                    group.addTask { await self.poll(every: pollInterval) }
                }
            }
        }
    }

    /// Applies the providers' values each time `provider` reports a new snapshot (its first report is its current one).
    private func follow(_ provider: any ConfigProvider) async {
        do {
            try await provider.watchSnapshot { updates in
                for await _ in updates {
                    _ = try? apply()
                }
            }
        } catch {
            log(
                "LoomConfigurationSources: stopped following \(provider.providerName): \(failureText(error))",
                level: .error)
        }
    }

    /// Reloads every `interval` until cancelled.
    private func poll(every interval: Duration) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            _ = try? await reload()
        }
    }
}

/// A ``DependencySource`` seen through a ``ResolutionOverlay``: the overlay's registrations (and those of the
/// overlays around it) answer first, then — unless the overlay hides them — the live source's.
///
/// A registration of the overlay shadows live registrations under the same key, exactly as a child container
/// shadows its parent. Cached instances live in the overlay's environment.
package struct OverlaySource: DependencySource {
    package let overlay: ResolutionOverlay
    package let base: any DependencySource

    package func candidates(for key: RegistrationKey) -> [RegistrationEntry]? {
        if let overridden = overlay.container.candidates(for: key) { return overridden }
        return overlay.seesLiveRegistrations ? base.candidates(for: key) : nil
    }

    package func allCandidates(for key: RegistrationKey) -> [RegistrationEntry] {
        let overridden = overlay.container.allCandidates(for: key)
        guard overlay.seesLiveRegistrations else { return overridden }
        let shadowed = Set(overridden.map(\.key))
        return overridden + base.allCandidates(for: key).filter { !shadowed.contains($0.key) }
    }

    package var visibleEntries: [RegistrationEntry] {
        overlay.container.visibleEntries + (overlay.seesLiveRegistrations ? base.visibleEntries : [])
    }

    package var searchedDescriptions: [String] {
        overlay.container.searchedDescriptions + (overlay.seesLiveRegistrations ? base.searchedDescriptions : [])
    }

    package var sourceDescription: String { base.sourceDescription }
    package var sourceLogTarget: LogTarget { base.sourceLogTarget }
    package var environment: ResolutionEnvironment { overlay.environment }

    package func willProduce(_ entry: RegistrationEntry) {
        overlay.recorder?.record(entry)
    }

    /// In a strict overlay, records a test issue when a live registration answers: the test did not override it.
    package func willAnswer(
        _ key: RegistrationKey, with candidates: [RegistrationEntry], fileID: StaticString, line: UInt
    ) {
        guard overlay.isStrict, let live = candidates.first(where: { !overlay.owns($0) }) else { return }
        TestIssues.record(
            "Strict test dependencies: \(key) was resolved at \(fileID):\(line) from the live registration "
                + "\(live.provenance). Recovery: override it in the test (withTestDependencies or the .dependencies "
                + "trait).",
            fileID: fileID, line: line)
    }
}

extension DependencySource {
    /// This source as the current task sees it: through its overlay when one is active.
    package var overlaid: any DependencySource {
        guard let overlay = forwardingOverlay else { return self }
        return overlay.source(over: self)
    }
}

extension ReleaseError {
    /// One error listing the failures of several releases, in order: what a caller that shuts several containers
    /// down, each whatever the others reported, throws (LoomServiceLifecycle releases a container and its parents).
    package init(combining errors: [ReleaseError]) {
        self.init(failures: errors.flatMap(\.failures))
    }
}

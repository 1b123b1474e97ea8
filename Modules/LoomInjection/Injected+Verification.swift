package import LoomCore

// `verify()` does what the first read of each resolving property would, in its sandbox (see `VerifiableProperty`).

extension Injected: VerifiableProperty {
    package var propertySite: PropertySite? {
        guard case .resolving(let state) = storage else { return nil }
        return state.site
    }

    package func verifyDependency(enclosing: AnyObject?) throws -> PropertyDependency? {
        guard case .resolving(let state) = storage else { return nil }
        _ = try state.resolve(Value.self, enclosing: enclosing)
        return nil
    }
}

extension InjectedWeakly: VerifiableProperty {
    package var propertySite: PropertySite? { state.site }

    package func verifyDependency(enclosing: AnyObject?) throws -> PropertyDependency? {
        _ = try state.resolve(Wrapped?.self, enclosing: enclosing)
        return nil
    }
}

extension InjectionState {
    /// `@Injected var store` at the property's file and line.
    var site: PropertySite {
        PropertySite(wrapper: wrapperName, name: "\(function)", fileID: fileID, line: line)
    }
}

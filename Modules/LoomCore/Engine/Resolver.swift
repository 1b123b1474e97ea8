/// The steps every resolution shares, whatever asked for it (a container, the graph, a property wrapper).
@usableFromInline
package enum Resolver {
    /// Runs `factory` as one resolution frame of `entry`.
    ///
    /// Checks the depth limit and (when enabled) re-entry of a registration already being built on this thread,
    /// wraps non-Loom errors in ``InjectionError/factoryFailed(_:underlying:)``, checks declared aliases on
    /// each new instance, and calls ``PostInstantiationAware/didInstantiate()`` on it.
    ///
    /// Inlinable so the factory call and the `PostInstantiationAware` check are specialised for `Value` in the
    /// caller; the bookkeeping lives in the non-generic ``enterFrame(_:)`` / ``exitFrame(_:)``.
    @inlinable
    package static func produce<Value>(_ entry: RegistrationEntry, _ factory: () throws -> Value) throws -> Value {
        let frame = try enterFrame(entry)
        let value: Value
        do {
            value = try factory()
        } catch {
            exitFrame(frame)
            throw wrapFactoryError(error, of: entry)
        }
        exitFrame(frame)
        if entry.hasAliases { try checkAliases(of: entry, against: value) }
        if let aware = value as? any PostInstantiationAware { aware.didInstantiate() }
        return value
    }

    /// Pushes `entry` on the calling thread's frames after checking the depth limit and cycles.
    @usableFromInline
    package static func enterFrame(_ entry: RegistrationEntry) throws -> UnsafeMutablePointer<UInt> {
        let words = ThreadState.currentWords
        let depth = Int(words[3])
        if depth > 0 {
            let limit = LoomConfiguration.maximumResolutionDepth
            if depth >= limit {
                let chain = ThreadState.frames(of: words).map(\.locator) + [entry.locator]
                throw InjectionError.cyclicDependencyReference(DependencyCycle(chain: chain, exceededDepthLimit: limit))
            }
            if LoomConfiguration.isCycleDetectionActive, ThreadState.isBuilding(entry, on: words) {
                throw cycleError(closingWith: entry, frames: ThreadState.frames(of: words))
            }
        }
        ThreadState.pushFrame(entry, on: words)
        return words
    }

    /// Pops the frame pushed by ``enterFrame(_:)``.
    @usableFromInline
    package static func exitFrame(_ words: UnsafeMutablePointer<UInt>) {
        ThreadState.popFrame(on: words)
    }

    /// Injection errors thrown by factories pass through unchanged; anything else becomes `factoryFailed`.
    @usableFromInline
    package static func wrapFactoryError(_ error: any Error, of entry: RegistrationEntry) -> any Error {
        if error is InjectionError { return error }
        return InjectionError.factoryFailed(entry.failureContext, underlying: error)
    }

    /// The cycle that closes when `entry` is needed again while `frames` are being built.
    package static func cycleError(closingWith entry: RegistrationEntry, frames: [RegistrationEntry]) -> InjectionError
    {
        // The innermost frame of the entry: a cached registration with parameters can appear in several frames (one
        // per argument), and the shortest chain that closes on it is the one the frame check would have reported.
        let start = frames.lastIndex { $0 === entry } ?? frames.startIndex
        return .cyclicDependencyReference(DependencyCycle(chain: frames[start...].map(\.locator) + [entry.locator]))
    }

    @usableFromInline
    package static func checkAliases(of entry: RegistrationEntry, against value: Any) throws {
        for alias in entry.attributes.aliases where !alias.admits(value) {
            throw InjectionError.mismatchedDependencyType(
                actual: typeName(type(of: value)),
                expected: "\(typeName(alias.type)) (declared at \(entry.attributes.origin))"
            )
        }
    }

    /// Returns the instance cached in `slot`, building it exactly once when it is missing.
    ///
    /// The first thread to claim the slot runs `build` with no lock held; concurrent resolvers of the same slot
    /// wait for it to publish. A thread that re-enters a slot it is building, or would wait for a builder that is
    /// waiting for it, gets a cycle error instead of a deadlock. A failed build publishes nothing, so the next
    /// resolver tries again.
    package static func cachedValue<Value>(
        of entry: RegistrationEntry,
        in slot: InstanceSlot,
        build: () throws -> Value
    ) throws -> Value {
        try cachedValue(in: slot, isWeak: entry.cache?.isWeak ?? false, closing: entry, build: build)
    }

    /// The same for any slot, such as a lazily injected property's; `closing` names the registration a cycle
    /// closes on, when there is one.
    package static func cachedValue<Value>(
        in slot: InstanceSlot,
        isWeak: Bool,
        closing entry: RegistrationEntry?,
        build: () throws -> Value
    ) throws -> Value {
        while true {
            if let value: Value = published(in: slot, isWeak: isWeak) { return value }
            let thread = ThreadState.currentWords
            if slot.claim(by: thread) {
                if let value: Value = published(in: slot, isWeak: isWeak) {
                    slot.releaseClaim()
                    return value
                }
                let value: Value
                do {
                    value = try build()
                } catch {
                    slot.releaseClaim()
                    throw error
                }
                let box: InstanceBox
                if isWeak {
                    guard let object = weaklyHoldableObject(value) else {
                        // A value type (or nil) cannot be held weakly: it is returned but not kept.
                        slot.releaseClaim()
                        return value
                    }
                    box = WeakBox(object)
                } else {
                    box = StrongBox(value)
                }
                let previous = slot.publish(box)
                slot.releaseClaim()
                if let previous {
                    // A replaced weak box owns no instance: batch its release instead of waiting now.
                    if isWeak { DeferredReclamation.retire(previous) } else { releaseAfterGracePeriod([previous]) }
                }
                return value
            }
            let builder = slot.builderBits
            if builder == 0 { continue }
            if builder == UInt(bitPattern: thread)
                || !ConstructionGate.waitWhileBuilding(slot, by: builder, as: ThreadState.current)
            {
                let frames = ThreadState.frames(of: thread)
                guard let entry = entry ?? frames.last else {
                    throw InjectionError.cyclicDependencyReference(DependencyCycle(chain: []))
                }
                throw cycleError(closingWith: entry, frames: frames)
            }
        }
    }

    /// Replaces the value published in `slot` (a reload), releasing the previous one after a grace period.
    package static func republish<Value>(_ value: Value, in slot: InstanceSlot, isWeak: Bool) {
        let box: InstanceBox
        if isWeak {
            guard let object = weaklyHoldableObject(value) else {
                if let previous = slot.clear() { DeferredReclamation.retire(previous) }
                return
            }
            box = WeakBox(object)
        } else {
            box = StrongBox(value)
        }
        if let previous = slot.publish(box) {
            if isWeak { DeferredReclamation.retire(previous) } else { releaseAfterGracePeriod([previous]) }
        }
    }

    /// The class instance a weak cache can hold for `value`: the value itself, or the instance an Optional wraps.
    private static func weaklyHoldableObject<Value>(_ value: Value) -> AnyObject? {
        var candidate: Any = value
        if let optional = value as? any OptionalType {
            guard let wrapped = optional.wrappedAny else { return nil }
            candidate = wrapped
        }
        return type(of: candidate) is AnyClass ? candidate as AnyObject : nil
    }

    /// The value published in `slot`, or `nil` when it is empty (or its weakly held instance is gone).
    @inline(__always)
    package static func published<Value>(in slot: InstanceSlot, isWeak: Bool) -> Value? {
        ReadSection.run {
            let bits = slot.boxBits
            guard bits != 0 else { return nil }
            return Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef {
                box in
                if isWeak {
                    return unsafeDowncast(box, to: WeakBox.self).object.map { $0 as! Value }
                }
                return unsafeDowncast(box, to: StrongBox<Value>.self).value
            }
        }
    }
}

extension RegistrationEntry {
    /// The context reported when this registration's factory fails.
    package var failureContext: DependencyContext {
        DependencyContext(
            locator: locator,
            alternative: attributes.alternative,
            parameterTypes: attributes.takesEnclosingObject ? ["Any"] : attributes.parameterTypes.map(typeName),
            requestedType: typeName(attributes.valueType),
            searched: [ownerDescription]
        )
    }
}

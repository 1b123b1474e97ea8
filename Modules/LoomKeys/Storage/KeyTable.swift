/// An immutable map from key identity to boxed value, probed without hashing through `Hasher`.
///
/// Reads are the hot path of every key access, and a `Dictionary<ObjectIdentifier, …>` lookup spends most of its
/// time in SipHash. Key identities are type-metadata addresses, already well spread, so one multiply-shift gives
/// a good index into an open-addressing table at most half full. The table keeps its boxes alive through
/// `values`, which writers also use to derive the next table.
final class KeyTable: Sendable {
    /// The source of truth, and the owner of every box referenced by `boxBits`.
    let values: [ObjectIdentifier: any ErasedValue]
    private let shift: UInt
    private let mask: Int
    /// `ObjectIdentifier` bits per slot; `0` marks an empty slot.
    private let keys: [UInt]
    /// Unretained `ValueBox` pointers per slot (owned by `values`).
    private let boxes: [UInt]

    static let empty = KeyTable([:])

    init(_ values: [ObjectIdentifier: any ErasedValue]) {
        self.values = values
        var capacity = 8
        var bits: UInt = 3
        while capacity < values.count * 2 {
            capacity <<= 1
            bits += 1
        }
        let shift = UInt(UInt.bitWidth) - bits
        let mask = capacity - 1
        var keys = [UInt](repeating: 0, count: capacity)
        var boxes = [UInt](repeating: 0, count: capacity)
        for (id, box) in values {
            let key = Self.address(id)
            var index = Self.index(of: key, shift: shift)
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = key
            boxes[index] = UInt(bitPattern: Unmanaged.passUnretained(box as AnyObject).toOpaque())
        }
        self.shift = shift
        self.mask = mask
        self.keys = keys
        self.boxes = boxes
    }

    /// The address a key identity stands for.
    @inline(__always)
    static func address(_ id: ObjectIdentifier) -> UInt {
        UInt(bitPattern: unsafeBitCast(id, to: Int.self))
    }

    @inline(__always)
    private static func index(of key: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The unretained box stored for `key` (an ``address(_:)``), or `0`.
    @inline(__always)
    func boxBits(for key: UInt) -> UInt {
        var index = Self.index(of: key, shift: shift)
        while true {
            let stored = keys[index]
            if stored == key { return boxes[index] }
            if stored == 0 { return 0 }
            index = (index + 1) & mask
        }
    }
}

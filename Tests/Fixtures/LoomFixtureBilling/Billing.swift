public import LoomMacros

// A second module using the plugin: its group is `DependencyGroup.loomFixtureBillingAutoregistered`, so the two
// modules' generated members never collide.

/// Issues invoices.
@Registerable(scope: .singleton)
public final class InvoiceIssuer: Sendable {
    /// Creates the issuer.
    public init() {}
}

/// An invoice, built from a runtime argument.
@Registerable
public struct Invoice: Sendable {
    /// The invoice number.
    public let number: Int

    /// Creates invoice `number`.
    public init(number: Int) {
        self.number = number
    }
}

/// Where payments go, located by value.
public enum PaymentChannel: Hashable, Sendable {
    /// Card payments.
    case card
}

/// Takes card payments.
@Registerable(by: .value(PaymentChannel.card))
public final class CardPayments: Sendable {
    /// Creates the processor.
    public init() {}
}

/// Which App Store or Play environment a customer's purchases come from: the service counts each purchase only
/// for requests of its own environment.
public enum CustomerEnvironment: String, Codable, Hashable, Sendable, CaseIterable {
    /// Real purchases.
    case production
    /// Purchases made with sandbox or test accounts, during development and TestFlight.
    case sandbox
}

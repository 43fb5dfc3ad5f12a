import PolicyModel

extension TemplateSet {
    /// Calls `body` with the file's messages (titles first, then the paywalls'), read in place.
    ///
    /// A site holds a dozen references; a rule that reads one field of every message through the buffer copies
    /// that field only, where a loop over the array copies (retains and releases) every site.
    func withMessageSites(_ body: (UnsafeBufferPointer<TemplateMessageSite>) -> Void) {
        messageSites.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the paywalls' messages, read in place as `withMessageSites` reads them.
    func withPaywallSites(_ body: (UnsafeBufferPointer<TemplateMessageSite>) -> Void) {
        paywallSites.withUnsafeBufferPointer(body)
    }
}

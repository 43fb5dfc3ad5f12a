import Diagnostics
package import PolicyModel
package import YAML

/// Turns a template YAML file into a `TemplateSet`, parsing every message once.
package enum TemplateLoader {
    package static let format = "tollgate-templates/v1"

    /// Loads the templates in `bytes`, read from `file`.
    package static func load(_ bytes: [UInt8], file: String, limits: YAMLLimits = .standard) -> Loaded<TemplateSet> {
        var reader = NodeReader(fileID: SourceFileID(file), bytes: bytes)
        guard let root = reader.document(bytes, limits: limits, kind: "template", format: format) else {
            return Loaded(value: nil, diagnostics: reader.diagnostics)
        }
        let set = reader.templateSet(root, file: file)
        return Loaded(value: set, diagnostics: reader.diagnostics)
    }
}

extension NodeReader {
    mutating func templateSet(_ root: Node, file: String) -> TemplateSet? {
        let keys = ["format", "locale", "tiers", "features", "products", "paywalls"]
        guard let fields = mapping(root, "the template file", allowed: keys, required: ["locale"]) else { return nil }
        let format = self.format(fields, expected: TemplateLoader.format)
        let locale = fields["locale"].flatMap { string($0, "locale") }
        let tiers = fields["tiers"].map { messages($0, "tiers") } ?? []
        let features = fields["features"].map { messages($0, "features") } ?? []
        let products = fields["products"].map { messages($0, "products") } ?? []
        let paywalls = fields["paywalls"].map { node in
            entries(node, "paywalls").map { id, value in paywallTemplate(id, value) }
        } ?? []
        guard format != nil, let locale else { return nil }
        return TemplateSet(file: file, locale: locale, tiers: tiers, features: features, products: products,
                           paywalls: paywalls)
    }

    private mutating func paywallTemplate(_ id: Located<String>, _ node: Node) -> PaywallTemplate {
        var entries: [TemplateEntry] = []
        var sections: [TemplateSection] = []
        let pairs = self.entries(node, "paywall '\(id.value)'")
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            if tape.isMapping(value) {
                let what = "'\(key.value)' of paywall '\(id.value)'"
                sections.append(TemplateSection(name: key, entries: messages(value, what)))
            } else if let message = message(value, "'\(key.value)' of paywall '\(id.value)'") {
                entries.append(TemplateEntry(key: key, message: message))
            }
        }
        return PaywallTemplate(id: id, entries: entries, sections: sections, span: span(node))
    }

    private mutating func messages(_ node: Node, _ what: @autoclosure () -> String) -> [TemplateEntry] {
        let entries = self.entries(node, what())
        // Sized once: a file holds tens of thousands of messages, and a grown array keeps up to half unused.
        var messages: [TemplateEntry] = []
        messages.reserveCapacity(entries.count)
        for (key, value) in entries {
            if let message = message(value, "'\(key.value)' in \(what())") {
                messages.append(TemplateEntry(key: key, message: message))
            }
        }
        return messages
    }

    private mutating func message(_ node: Node, _ what: @autoclosure () -> String) -> TemplateMessage? {
        string(node, what()).map { TemplateMessage(text: $0, source: scalarSource(node)) }
    }
}

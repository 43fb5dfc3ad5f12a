package import Diagnostics
package import JSON
import MessageFormat
import PolicyModel
import Rendering

/// One completion the editor offers.
package struct CompletionItem: Hashable, Sendable {
    /// LSP's `CompletionItemKind` numbers for what Tollgate completes.
    package enum Kind: Int, Hashable, Sendable {
        case variable = 6
        case value = 12
        case keyword = 14
    }

    package var label: String
    package var kind: Kind
    package var detail: String?
    /// Markdown.
    package var documentation: String?
    /// The text the completion replaces: the part of the id or name already typed before the cursor, which
    /// may hold `.` and `-` that editors do not count in a word.
    package var replacing: SourceSpan?

    package init(label: String, kind: Kind, detail: String? = nil, documentation: String? = nil,
                 replacing: SourceSpan? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.replacing = replacing
    }

    /// The LSP `CompletionItem` object; `lines` are those of the document completed in.
    package func toJSON(lines: LineIndex) -> JSONValue {
        var object: [String: JSONValue] = ["label": .string(label), "kind": .number(Double(kind.rawValue))]
        if let detail { object["detail"] = .string(detail) }
        if let documentation {
            object["documentation"] = .object(["kind": .string("markdown"), "value": .string(documentation)])
        }
        if let replacing {
            object["textEdit"] = .object(["range": lines.lspRange(replacing).jsonValue, "newText": .string(label)])
        }
        return .object(object)
    }
}

extension EditorWorkspace {
    /// What may be written at `position` of the file at `path`: ids of the kind the place expects, template
    /// variables after `{` in a paywall message, or the plural categories of the template's language in a
    /// `plural` argument. Empty where nothing is known to fit.
    ///
    /// The place is read from the loaded files when the position is on an id they hold; otherwise (a new entry,
    /// or a file that does not load while it is being edited) from the text around the cursor: the keys of the
    /// lines above it with less indentation, and the last `key:` before the cursor on its line. Ids come from
    /// the loaded policy, or from its text when it does not load.
    package func completions(path: String, at position: SourcePosition) -> [CompletionItem] {
        guard let document = documents[path] else { return [] }
        let app = app(holding: path)
        let isTemplate = app?.templateFiles.contains(path) ?? path.hasPrefix("Templates/")
        let context = CompletionContext(text: document.text, at: position)
        if isTemplate, let message = messageCompletions(path: path, context: context) {
            return message
        }
        let kind = identifierSite(in: path, at: position).flatMap { $0.isDeclaration ? nil : $0.kind }
            ?? (isTemplate ? context.templateKind : context.policyKind)
        guard let kind else { return [] }
        if let policy = app?.sources?.policy {
            return policy.declaredIDs(kind).map { id in
                CompletionItem(label: id, kind: .value, detail: kind.rawValue,
                               documentation: policy.describe(kind, id), replacing: context.typedSpan(file: path))
            }
        }
        guard let policyFile = app?.policyFile, let policyText = documents[policyFile]?.text else { return [] }
        return DeclaredIDScan.ids(kind, in: policyText).map { id in
            CompletionItem(label: id, kind: .value, detail: kind.rawValue, replacing: context.typedSpan(file: path))
        }
    }

    /// Variables or plural categories when the cursor is inside a `{…}` of a paywall message; nil elsewhere.
    private func messageCompletions(path: String, context: CompletionContext) -> [CompletionItem]? {
        let set = app(holding: path)?.sources?.templates.first { $0.file == path }
        let start = set?.paywallMessage(at: context.position)?.message.span.start
        guard start != nil || context.chain.first == "paywalls",
              let argument = MessageArgumentContext(context.text(from: start)) else { return nil }
        switch argument {
        case .variable:
            return TemplateVariable.all.map { name in
                CompletionItem(label: name, kind: .variable, detail: "template variable",
                               replacing: context.typedSpan(file: path))
            }
        case .pluralCategory:
            let locale = set?.locale.value ?? Self.fileStem(path)
            let categories = CLDRPlurals.categories(of: locale) ?? []
            return PluralCategory.names.filter(categories.contains).map { category in
                CompletionItem(label: category, kind: .keyword, detail: "plural category of \(locale)",
                               replacing: context.typedSpan(file: path))
            }
        }
    }

    /// `ko` of `Templates/demo/ko.yaml`: a template file's locale, as the loader reads it.
    private static func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? name
    }
}

import Foundation

/// A JSON Schema (draft 2020-12) as a value: the schema `false`, or an object of keywords.
///
/// Only the keywords the policy schema needs are modelled, and none that editors handle poorly
/// (`unevaluated*`, `$dynamicRef`).
enum JSONSchema: Hashable, Sendable {
    /// The schema `false`: no value is valid, as in `additionalProperties: false`.
    case never
    /// A schema object: its keywords, each at most once.
    case object([Keyword])

    /// The JSON types of the `type` keyword.
    enum JSONType: String, Hashable, Sendable, Encodable {
        case string, number, integer, boolean, object, array, null
    }

    /// A scalar value in `const`, `enum` and `default`.
    enum Value: Hashable, Sendable, Encodable {
        case string(String)
        case bool(Bool)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .bool(let flag): try container.encode(flag)
            }
        }
    }

    /// One keyword and its value.
    enum Keyword: Hashable, Sendable {
        case schema(String)
        case id(String)
        case title(String)
        case description(String)
        /// The description editors render as Markdown (a VS Code and yaml-language-server extension).
        case markdownDescription(String)
        case type([JSONType])
        case const(Value)
        case enumeration([Value])
        case defaultValue(Value)
        case pattern(String)
        case minLength(Int)
        case minimum(Int)
        case properties([String: JSONSchema])
        case required([String])
        case additionalProperties(JSONSchema)
        case propertyNames(JSONSchema)
        case items(JSONSchema)
        case ref(String)
        case defs([String: JSONSchema])

        /// The keyword's name in the schema document.
        var name: String {
            switch self {
            case .schema: "$schema"
            case .id: "$id"
            case .title: "title"
            case .description: "description"
            case .markdownDescription: "markdownDescription"
            case .type: "type"
            case .const: "const"
            case .enumeration: "enum"
            case .defaultValue: "default"
            case .pattern: "pattern"
            case .minLength: "minLength"
            case .minimum: "minimum"
            case .properties: "properties"
            case .required: "required"
            case .additionalProperties: "additionalProperties"
            case .propertyNames: "propertyNames"
            case .items: "items"
            case .ref: "$ref"
            case .defs: "$defs"
            }
        }
    }

    /// `description` and `markdownDescription` from one Markdown text; the plain one drops the backticks.
    static func documentation(_ markdown: String) -> [Keyword] {
        [.description(markdown.replacingOccurrences(of: "`", with: "")), .markdownDescription(markdown)]
    }

    /// The schema as JSON: pretty-printed, keys sorted, slashes unescaped, with a trailing newline.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("a schema of strings, integers and booleans always encodes: \(error)")
        }
    }
}

extension JSONSchema: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        guard case .object(let keywords) = self else {
            var container = encoder.singleValueContainer()
            try container.encode(false)
            return
        }
        var container = encoder.container(keyedBy: Key.self)
        for keyword in keywords {
            let key = Key(keyword.name)
            switch keyword {
            case .schema(let text), .id(let text), .title(let text), .description(let text),
                 .markdownDescription(let text), .pattern(let text), .ref(let text):
                try container.encode(text, forKey: key)
            case .type(let types) where types.count == 1:
                try container.encode(types[0], forKey: key)
            case .type(let types):
                try container.encode(types, forKey: key)
            case .const(let value), .defaultValue(let value):
                try container.encode(value, forKey: key)
            case .enumeration(let values):
                try container.encode(values, forKey: key)
            case .minLength(let number), .minimum(let number):
                try container.encode(number, forKey: key)
            case .required(let names):
                try container.encode(names, forKey: key)
            case .properties(let schemas), .defs(let schemas):
                try container.encode(schemas, forKey: key)
            case .additionalProperties(let schema), .propertyNames(let schema), .items(let schema):
                try container.encode(schema, forKey: key)
            }
        }
    }
}

/// The JSON Schema (draft 2020-12) of the policy file.
package enum PolicySchema {
    package static let json = "{}\n"
}

package import Diagnostics
import TollgateEvaluation

/// The ids and explanations of the findings the loader reports while turning YAML into the model.
package enum LoaderRules {
    package static let emptyFile = RuleDescriptor(
        id: "empty-file", severity: .error, category: "structure",
        summary: "the file holds no YAML document",
        explanation: """
            A policy or template file that is empty (or only comments) defines nothing, which is almost \
            always a mistake in a merge or a generator. Start the file with 'format: tollgate/v1' \
            (templates: 'format: tollgate-templates/v1').
            """)
    package static let unsupportedFormat = RuleDescriptor(
        id: "unsupported-format", severity: .error, category: "structure",
        summary: "the file's 'format:' is missing or not one this version reads",
        explanation: """
            Every file names its format on its first key, so that a future version can change the format \
            without misreading old files. Policies use 'format: tollgate/v1', templates \
            'format: tollgate-templates/v1'.
            """)
    package static let unknownKey = RuleDescriptor(
        id: "unknown-key", severity: .error, category: "structure",
        summary: "a key that the format does not define",
        explanation: """
            Unknown keys are errors, not ignored: a misspelt 'hide_until_synched' that was silently ignored \
            would show ads to paying users. The message suggests the closest known key.
            """)
    package static let missingKey = RuleDescriptor(
        id: "missing-key", severity: .error, category: "structure",
        summary: "a required key is missing",
        explanation: "The format needs this key here. Add it; the message names the key and where it belongs.")
    package static let wrongType = RuleDescriptor(
        id: "wrong-type", severity: .error, category: "structure",
        summary: "a value of the wrong kind (a list where a string belongs, a mapping where a list belongs)",
        explanation: """
            Each key takes one kind of value: a string, a number, true or false, a list or a mapping. The \
            message says what was expected and what was found.
            """)
    package static let implicitBoolean = RuleDescriptor(
        id: "implicit-boolean", severity: .error, category: "structure",
        summary: "a YAML 1.1 boolean or null word where a string or a boolean is expected",
        explanation: """
            YAML 1.1 tools read unquoted yes, no, on, off, y and n as booleans and ~ as null, so the locale \
            'no' (Norwegian) becomes false and a title 'On' becomes true. Tollgate reads them as nothing: \
            quote a string ("no"), and write booleans as true or false.
            """)
    package static let invalidValue = RuleDescriptor(
        id: "invalid-value", severity: .error, category: "structure",
        summary: "a value outside the set the key allows",
        explanation: """
            Some keys take one of a fixed set of words: product types, intro offer types, entitlement \
            access, ad formats, attestation states. The message lists the allowed words and the closest one. \
            A prices file names an ISO 4217 currency in use and writes each amount with at most that \
            currency's decimal places (ICU's data: none for JPY, two for USD, three for BHD): an amount \
            is never rounded.
            """)
    package static let stateNeverGrants = RuleDescriptor(
        id: "state-never-grants", severity: .error, category: "entitlements",
        summary: "'pending' or 'revoked' is set to grant under 'entitlements:'",
        explanation: """
            A refunded or revoked purchase is no longer paid for, and a purchase waiting for approval (Ask to \
            Buy, deferred payment) has not been paid and may never be: neither keeps access, whatever the \
            policy says, so 'pending: grant' or 'revoked: grant' would describe access users never get. \
            These two states accept only 'deny' (the default); leave them out or write 'deny'. To let users \
            keep access while a renewal is retried, grant 'grace_period' or 'billing_retry' instead.
            """)

    package static let all = [emptyFile, unsupportedFormat, unknownKey, missingKey, wrongType, implicitBoolean,
                              invalidValue, stateNeverGrants]
}

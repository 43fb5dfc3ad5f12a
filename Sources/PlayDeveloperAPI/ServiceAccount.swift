package import Foundation
import JSON
import StoreSignatures

/// A Google service account's JSON key file: `client_email`, `private_key` (PKCS#8 PEM), `private_key_id`,
/// `token_uri`, as Google issues it for the app's access to the Play Developer API.
package struct ServiceAccount: Hashable, Sendable, CustomStringConvertible {
    /// The account's email, the `iss` of its grants.
    package var clientEmail: String
    /// The account's RSA private key (PEM), which signs its grants.
    package var privateKeyPEM: String
    /// The id of the private key, the `kid` of its grants' headers.
    package var privateKeyID: String?
    /// Where grants are posted, and their audience.
    package var tokenURI: URL

    /// Reads a key file; each missing or bad member is named, and the private key must be a usable RSA key.
    package init(json bytes: [UInt8]) throws(ServiceAccountError) {
        guard let file = try? JSONValue(reading: bytes), case .object = file else { throw .notJSON }
        func text(_ name: String) throws(ServiceAccountError) -> String {
            guard let value = file[member: name] else { throw .missingMember(name) }
            guard let text = value.string, !text.isEmpty else {
                throw .invalidMember(name, "it is \(value.string == nil ? value.kind : "empty"), not a text")
            }
            return text
        }
        if let type = file[member: "type"], type.string != "service_account" {
            throw .invalidMember("type", "it is not 'service_account'")
        }
        clientEmail = try text("client_email")
        privateKeyPEM = try text("private_key")
        privateKeyID = file[member: "private_key_id"] == nil ? nil : try text("private_key_id")
        let uri = try text("token_uri")
        guard let url = URL(string: uri), ["https", "http"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { throw .invalidMember("token_uri", "it is not an http or https URL") }
        tokenURI = url
        _ = try signer()
    }

    /// The signer of the account's grants, with its key id as `kid`.
    func signer() throws(ServiceAccountError) -> RS256Signer {
        do {
            return try RS256Signer(privateKeyPEM: privateKeyPEM, keyID: privateKeyID)
        } catch {
            throw .invalidKey(error.description)
        }
    }

    /// The account by its email; never the key.
    package var description: String { "service account \(clientEmail)" }
}

/// Why a service account's key file cannot be used; each reads as one sentence.
package enum ServiceAccountError: Error, Hashable, Sendable, CustomStringConvertible {
    case notJSON
    case missingMember(String)
    /// A member and what is wrong with it.
    case invalidMember(String, String)
    /// The private key cannot sign: the reason.
    case invalidKey(String)

    package var description: String {
        switch self {
        case .notJSON: "the service account key file is not a JSON object"
        case .missingMember(let name): "the service account key file has no '\(name)'"
        case .invalidMember(let name, let reason): "the service account key file's '\(name)' is invalid: \(reason)"
        case .invalidKey(let reason): "the service account's private key cannot sign: \(reason)"
        }
    }
}

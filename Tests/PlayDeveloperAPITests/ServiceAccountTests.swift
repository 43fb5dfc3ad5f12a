import Foundation
import JSON
import PlayDeveloperAPI
import TestSupport
import Testing

/// A service account's key file is read member by member, each missing or bad one named.
@Suite struct ServiceAccountTests {
    static let fixture = Fixtures.path("google/service-account.json")

    /// The fixture with `change` applied to its members.
    static func file(_ change: (inout [String: JSONValue]) -> Void) throws -> [UInt8] {
        guard case .object(var members) = try JSONValue(reading: Array(Data(contentsOf: URL(fileURLWithPath: fixture))))
        else { throw ChildProcess.Failure(description: "the fixture is not an object") }
        change(&members)
        return JSONValue.object(members).jsonBytes
    }

    @Test func readsGooglesKeyFile() throws {
        let account = try ServiceAccount(json: Array(Data(contentsOf: URL(fileURLWithPath: Self.fixture))))
        #expect(account.clientEmail == "tollgate-test@example-project.iam.gserviceaccount.com")
        #expect(account.privateKeyID == "d506d02ea35028e4a81585cfb0bf7fb0ca09b279")
        #expect(account.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(account.tokenURI.absoluteString == "http://127.0.0.1/token")
        #expect(!account.description.contains("PRIVATE"))
    }

    @Test func aKeyFileWithoutAKeyIDIsRead() throws {
        let account = try ServiceAccount(json: Self.file { $0["private_key_id"] = nil })
        #expect(account.privateKeyID == nil)
    }

    @Test func notJSONIsRefused() {
        #expect(throws: ServiceAccountError.notJSON) { try ServiceAccount(json: Array("client_email".utf8)) }
        #expect(throws: ServiceAccountError.notJSON) { try ServiceAccount(json: Array("[1]".utf8)) }
    }

    @Test(arguments: ["client_email", "private_key", "token_uri"])
    func aMissingMemberIsNamed(name: String) throws {
        let bytes = try Self.file { $0[name] = nil }
        #expect(throws: ServiceAccountError.missingMember(name)) { try ServiceAccount(json: bytes) }
    }

    @Test func badMembersAreNamed() throws {
        let number = try Self.file { $0["client_email"] = .number(1) }
        #expect(throws: ServiceAccountError.invalidMember("client_email", "it is a number, not a text")) {
            try ServiceAccount(json: number)
        }
        let uri = try Self.file { $0["token_uri"] = .string("not a url") }
        #expect(throws: ServiceAccountError.invalidMember("token_uri", "it is not an http or https URL")) {
            try ServiceAccount(json: uri)
        }
        let type = try Self.file { $0["type"] = .string("authorized_user") }
        #expect(throws: ServiceAccountError.invalidMember("type", "it is not 'service_account'")) {
            try ServiceAccount(json: type)
        }
    }

    @Test func aKeyThatCannotSignIsRefused() throws {
        let bytes = try Self.file { $0["private_key"] = .string("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }
        do {
            _ = try ServiceAccount(json: bytes)
            Issue.record("a broken key was accepted")
        } catch {
            guard case .invalidKey = error else { return record("\(error)") }
            #expect(error.description.hasPrefix("the service account's private key cannot sign: "))
        }
    }
}

/// The roots a signed payload's chain must lead to, and whether strict X.509 rules apply.
package struct SignatureRoots: Sendable {
    package var certificates: [Certificate]
    /// OpenSSL's `X509_V_FLAG_X509_STRICT`: on for Apple's real root; off for test roots given on the command line,
    /// because Apple's test certificates lack authority key identifiers.
    package var strict: Bool

    /// Apple Root CA - G3, with strict X.509 rules.
    package static var apple: SignatureRoots { SignatureRoots(certificates: [AppleRootCA.g3()], strict: true) }

    package init(certificates: [Certificate], strict: Bool) {
        self.certificates = certificates
        self.strict = strict
    }
}

package import Testing

extension Tag {
    /// Needs the throwaway PostgreSQL cluster whose URL `TOLLGATE_TEST_POSTGRES` holds (`make test` starts it).
    @Tag package static var postgres: Self
    /// Needs Debian's headless `chromium` and `chromium-driver`.
    @Tag package static var chromium: Self
    /// Needs the Python peers from PyPI that `scripts/python-venv.sh` installs (OpenFeature, flagd, pygls, Apple's
    /// App Store Server Library, Google's google-auth, GrowthBook's gbstats with scipy, Selenium).
    @Tag package static var python: Self
}

/// Checks `condition` every 20 ms until it holds; says whether it held before `timeout` passed.
///
/// The timeout only turns a hang into a failure: the check and the work it waits for both need Swift's cooperative
/// threads, which other tests' blocking calls can hold for over a minute on a busy machine.
package func eventually(within timeout: Duration = .seconds(300), _ condition: () async throws -> Bool) async rethrows
    -> Bool
{
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

package import Server

/// A started service: where it listens, until it is stopped.
package struct RunningService: Sendable {
    package let address: HTTPServer.Address
    let server: HTTPServer
    let holder: PolicyHolder
    let follower: StoreFollower?
    let customerFollower: CustomerFollower?
    /// Settles the Play purchases left with a call to Google pending; nil without Play's Developer API.
    let playSettler: Task<Void, Never>?
    /// Writes the exposures the router reports.
    let exposures: ExposureRecorder

    /// Serves until SIGTERM or SIGINT, then finishes the requests in flight and stops listening.
    package func runUntilSignalled() {
        server.runUntilSignalled()
    }

    /// Stops listening (at once when `runUntilSignalled` has already drained it), reloading, and following the
    /// store, deregistering the replica; writes the exposures held.
    package func stop() {
        server.shutdown()
        exposures.stop()
        holder.stop()
        follower?.stop()
        customerFollower?.stop()
        playSettler?.cancel()
    }
}

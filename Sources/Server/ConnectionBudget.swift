import Glibc

/// How many connections the process can serve with the file descriptors it may open.
enum ConnectionBudget {
    /// Descriptors kept for everything but connections: the listening socket, the workers' wake-up descriptors,
    /// store files and database connections, logs.
    static let reserve = 128

    /// `wanted`, or fewer when the descriptor limit is lower; first raises the soft limit towards the hard one
    /// as far as `wanted` needs, as a server that expects thousands of connections should. No limit
    /// (`RLIM_INFINITY`, the largest value) leaves `wanted` as it is.
    static func limit(wanting wanted: Int) -> Int {
        var limits = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return wanted }
        let needed = rlim_t(clamping: wanted + reserve)
        if limits.rlim_cur < needed, limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = min(needed, limits.rlim_max)
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limits = raised }
        }
        return max(1, min(wanted, Int(clamping: limits.rlim_cur) - reserve))
    }
}

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon (variadic, so not importable) with plain parameters. A `thread_pool_size` below 2 runs without a
/// pool and a `per_ip_connection_limit` of 0 sets no limit. A `bind_ipv4` of NULL listens on all interfaces, otherwise
/// on that dotted IPv4 address. On failure returns NULL and stores errno in `*error` (EADDRINUSE when the port is
/// taken, EINVAL for a malformed address); on success stores 0.
static inline struct MHD_Daemon *cmhd_start(unsigned int flags, uint16_t port, unsigned int thread_pool_size,
                                            unsigned int connection_limit, unsigned int per_ip_connection_limit,
                                            unsigned int connection_timeout_seconds, size_t connection_memory_limit,
                                            const char *bind_ipv4, MHD_AccessHandlerCallback handler,
                                            MHD_RequestCompletedCallback completed, void *cls, int *error) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (bind_ipv4 != NULL && inet_pton(AF_INET, bind_ipv4, &address.sin_addr) != 1) {
        *error = EINVAL;
        return NULL;
    }
    struct MHD_OptionItem options[8];
    size_t count = 0;
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, connection_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds, NULL};
    options[count++] =
        (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)connection_memory_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, cls};
    /* MHD warns about a pool size of 0 or 1 instead of taking it as "no pool". */
    if (thread_pool_size > 1)
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size, NULL};
    if (per_ip_connection_limit > 0)
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit, NULL};
    if (bind_ipv4 != NULL)
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, &address};
    options[count] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    errno = 0;
    struct MHD_Daemon *daemon = MHD_start_daemon(flags, port, NULL, NULL, handler, cls,
                                                 MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    *error = daemon == NULL ? errno : 0;
    return daemon;
}

/// The port the daemon listens on (useful after binding port 0), or 0 when unknown.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Receives one of libmicrohttpd's messages, formatted, without a trailing newline.
typedef void (*cmhd_log_function)(void *cls, const char *message);

/// Where the daemon's messages go; must outlive the daemon.
struct cmhd_logger {
    cmhd_log_function function;
    void *cls;
};

/// MHD's logger callback: formats the message and hands it to the `cmhd_logger` in `cls`.
static inline void cmhd_log(void *cls, const char *format, va_list arguments) {
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r'))
        message[--length] = '\0';
    const struct cmhd_logger *logger = cls;
    logger->function(logger->cls, message);
}

/// The address to listen on for `host` and `port`: an IPv4 address (`127.0.0.1`), an IPv6 address (`::1`, also in
/// brackets) or a host name, resolved with the system's resolver and its IPv4 address preferred. Returns 0, or a
/// `getaddrinfo` error code (see `gai_strerror`) when `host` names no address.
static inline int cmhd_resolve(const char *host, uint16_t port, struct sockaddr_storage *address) {
    memset(address, 0, sizeof *address);
    struct sockaddr_in *ipv4 = (struct sockaddr_in *)address;
    if (inet_pton(AF_INET, host, &ipv4->sin_addr) == 1) {
        ipv4->sin_family = AF_INET;
        ipv4->sin_port = htons(port);
        return 0;
    }
    char bare[256];
    size_t length = strlen(host);
    if (length >= 2 && length < sizeof bare && host[0] == '[' && host[length - 1] == ']') {
        memcpy(bare, host + 1, length - 2);
        bare[length - 2] = '\0';
        host = bare;
    }
    struct sockaddr_in6 *ipv6 = (struct sockaddr_in6 *)address;
    if (inet_pton(AF_INET6, host, &ipv6->sin6_addr) == 1) {
        ipv6->sin6_family = AF_INET6;
        ipv6->sin6_port = htons(port);
        return 0;
    }
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    struct addrinfo *results = NULL;
    int status = getaddrinfo(host, NULL, &hints, &results);
    if (status != 0) return status;
    const struct addrinfo *chosen = NULL;
    for (const struct addrinfo *result = results; result != NULL; result = result->ai_next) {
        if (result->ai_family == AF_INET) { chosen = result; break; }
        if (result->ai_family == AF_INET6 && chosen == NULL) chosen = result;
    }
    if (chosen == NULL) {
        freeaddrinfo(results);
        return EAI_NONAME;
    }
    memcpy(address, chosen->ai_addr, chosen->ai_addrlen);
    if (chosen->ai_family == AF_INET) ipv4->sin_port = htons(port);
    else ipv6->sin6_port = htons(port);
    freeaddrinfo(results);
    return 0;
}

/// MHD_start_daemon (variadic, so not importable) with plain parameters, listening on `address` (from
/// `cmhd_resolve`). A `thread_pool_size` below 2 runs without a pool and a `per_ip_connection_limit` of 0 sets no
/// limit. MHD's messages go to `logger`. On failure returns NULL and stores errno in `*error` (EADDRINUSE when the
/// address is taken); on success stores 0.
static inline struct MHD_Daemon *cmhd_start(unsigned int flags, const struct sockaddr_storage *address,
                                            unsigned int thread_pool_size, unsigned int connection_limit,
                                            unsigned int per_ip_connection_limit,
                                            unsigned int connection_timeout_seconds, size_t connection_memory_limit,
                                            struct cmhd_logger *logger, MHD_AccessHandlerCallback handler,
                                            MHD_RequestCompletedCallback completed, void *cls, int *error) {
    uint16_t port;
    if (address->ss_family == AF_INET6) {
        /* Dual stack: `::` also takes IPv4 clients, as it does in most servers; `::1` is unaffected. */
        flags |= MHD_USE_DUAL_STACK;
        port = ntohs(((const struct sockaddr_in6 *)address)->sin6_port);
    } else {
        port = ntohs(((const struct sockaddr_in *)address)->sin_port);
    }
    struct MHD_OptionItem options[9];
    size_t count = 0;
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, connection_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds, NULL};
    options[count++] =
        (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)connection_memory_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, cls};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)cmhd_log, logger};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)address};
    /* MHD warns about a pool size of 0 or 1 instead of taking it as "no pool". */
    if (thread_pool_size > 1)
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size, NULL};
    if (per_ip_connection_limit > 0)
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit, NULL};
    options[count] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    errno = 0;
    struct MHD_Daemon *daemon = MHD_start_daemon(flags | MHD_USE_ERROR_LOG, port, NULL, NULL, handler, cls,
                                                 MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    *error = daemon == NULL ? errno : 0;
    return daemon;
}

/// The address the daemon's listening socket is bound to, as text in `host` (at least INET6_ADDRSTRLEN bytes);
/// returns its port (useful after binding port 0), or -1 when the socket cannot tell.
static inline int cmhd_bound_address(struct MHD_Daemon *daemon, char *host, size_t size) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (info == NULL) return -1;
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(info->listen_fd, (struct sockaddr *)&address, &length) != 0) return -1;
    if (address.ss_family == AF_INET) {
        const struct sockaddr_in *ipv4 = (const struct sockaddr_in *)&address;
        if (inet_ntop(AF_INET, &ipv4->sin_addr, host, (socklen_t)size) == NULL) return -1;
        return ntohs(ipv4->sin_port);
    }
    if (address.ss_family == AF_INET6) {
        const struct sockaddr_in6 *ipv6 = (const struct sockaddr_in6 *)&address;
        if (inet_ntop(AF_INET6, &ipv6->sin6_addr, host, (socklen_t)size) == NULL) return -1;
        return ntohs(ipv6->sin6_port);
    }
    return -1;
}

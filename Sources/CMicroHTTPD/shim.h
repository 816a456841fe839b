#ifndef ATRIUM_CMICROHTTPD_SHIM_H
#define ATRIUM_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Signature of MHD's URI log callback, whose return value becomes the request's `*con_cls`.
typedef void *(*atrium_mhd_uri_log_callback)(void *cls, const char *uri,
                                             struct MHD_Connection *connection);

/// Starts a daemon with Atrium's fixed option set. `MHD_start_daemon` is variadic, which Swift
/// cannot call directly, so the option list is written out here once.
static inline struct MHD_Daemon *atrium_mhd_start(
    unsigned int flags, const struct sockaddr *address, unsigned int thread_pool_size,
    unsigned int connection_timeout_seconds, unsigned int connection_limit,
    unsigned int per_address_limit, MHD_AcceptPolicyCallback accept_policy, void *accept_cls,
    MHD_AccessHandlerCallback access_handler, void *access_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    atrium_mhd_uri_log_callback uri_log, void *uri_log_cls,
    MHD_NotifyConnectionCallback connection_notify, void *connection_notify_cls,
    size_t connection_memory_limit) {
  return MHD_start_daemon(
      flags, 0, accept_policy, accept_cls, access_handler, access_cls,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
      MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address_limit,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
      MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
      MHD_OPTION_NOTIFY_CONNECTION, connection_notify, connection_notify_cls,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
      MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0), or 0 when unknown.
static inline uint16_t atrium_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// Writes the client's numeric address into `buffer`; returns 0 on success.
static inline int atrium_mhd_client_address(struct MHD_Connection *connection, char *buffer,
                                            socklen_t size) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return -1;
  const struct sockaddr *address = info->client_addr;
  if (address->sa_family == AF_INET) {
    const struct sockaddr_in *v4 = (const struct sockaddr_in *)address;
    return inet_ntop(AF_INET, &v4->sin_addr, buffer, size) == NULL ? -1 : 0;
  }
  if (address->sa_family == AF_INET6) {
    const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)address;
    return inet_ntop(AF_INET6, &v6->sin6_addr, buffer, size) == NULL ? -1 : 0;
  }
  return -1;
}

/// The context the connection-notify callback gave the connection when it opened (NULL when
/// it gave none): Atrium marks there the connections opened past its limit.
static inline void *atrium_mhd_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

/// Lets a long-lived response (server-sent events) stay open past the slow-client timeout.
/// `MHD_set_connection_option` is variadic, which Swift cannot call.
static inline void atrium_mhd_disable_timeout(struct MHD_Connection *connection) {
  MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned int)0);
}

#endif

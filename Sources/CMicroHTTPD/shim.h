// libmicrohttpd for Swift: the headers it needs before <microhttpd.h>, and
// non-variadic wrappers (Swift cannot call C variadic functions).
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// A daemon on an already bound and listening socket (bound by the caller,
// so that a taken port is reported with its errno), with an internal pool
// of polling threads and suspend/resume (answers made on other threads).
static inline struct MHD_Daemon *strata_mhd_start(int listen_fd, unsigned int threads,
                                                  unsigned int connection_limit, unsigned int timeout_seconds,
                                                  MHD_AccessHandlerCallback handler, void *handler_cls,
                                                  MHD_RequestCompletedCallback completed, void *completed_cls) {
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME,
                            0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_END);
}

// Macros that do not import.
static inline uint64_t strata_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
static inline ssize_t strata_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

// Closed C enums import as Swift enums whose case names depend on prefix
// stripping; these spell the values once, plainly.
static inline enum MHD_Result strata_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result strata_mhd_no(void) { return MHD_NO; }
static inline enum MHD_ValueKind strata_mhd_query_kind(void) { return MHD_GET_ARGUMENT_KIND; }
static inline enum MHD_ResponseMemoryMode strata_mhd_copy_buffer(void) { return MHD_RESPMEM_MUST_COPY; }

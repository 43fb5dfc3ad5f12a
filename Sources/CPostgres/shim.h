#include <libpq-fe.h>

/// The SQLSTATE of a failed result (PG_DIAG_SQLSTATE is a character macro Swift cannot import), or NULL.
static inline const char *cpostgres_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// The primary message of a failed result, without severity or detail lines, or NULL.
static inline const char *cpostgres_primary_message(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}

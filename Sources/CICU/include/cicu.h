// ICU behind plain C types: UTF-8 strings in and out, opaque handles, no ICU headers.
//
// Every function that writes text takes a buffer and its capacity and returns the UTF-8 length of
// the whole result, without the terminating NUL; when that length is not below the capacity the
// caller retries with a larger buffer. A negative return means ICU failed. Functions that open a
// handle return NULL on failure and write ICU's error name into `error`.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

typedef struct cicu_number cicu_number;
typedef struct cicu_plural cicu_plural;
typedef struct cicu_list cicu_list;

/// A number formatter for an ICU number skeleton such as `currency/JPY` or
/// `measure-unit/duration-month unit-width-full-name`.
cicu_number *cicu_number_open(const char *skeleton, const char *locale, char *error, int32_t error_capacity);
void cicu_number_close(cicu_number *formatter);
/// Leave out the integer part and the spaces next to it ("1 month" becomes "month").
#define CICU_OMIT_INTEGER 1
/// Wrap the currency symbol in a left-to-right isolate (U+2066 … U+2069), so that "US$" stays whole
/// in right-to-left text.
#define CICU_ISOLATE_CURRENCY 2

/// Formats a decimal number given as a string ("29.99"); `options` is a mask of the CICU_ flags above.
int32_t cicu_number_format(const cicu_number *formatter, const char *decimal, int options,
                           char *out, int32_t capacity);
/// Formats an integer; the same text as its decimal digits given to `cicu_number_format`.
int32_t cicu_number_format_int(const cicu_number *formatter, int64_t value, int options, char *out, int32_t capacity);
/// Formats `units` / 10^`digits` (2999 and 2 are 29.99), exactly, without a decimal string from the caller;
/// `digits` is at most 18.
int32_t cicu_number_format_minor(const cicu_number *formatter, int64_t units, int32_t digits, int options,
                                 char *out, int32_t capacity);

/// Cardinal (`ordinal` = 0) or ordinal plural rules of a locale.
cicu_plural *cicu_plural_open(const char *locale, int ordinal, char *error, int32_t error_capacity);
void cicu_plural_close(cicu_plural *rules);
/// The plural category ("one", "few", …) of a number.
int32_t cicu_plural_select(const cicu_plural *rules, double number, char *out, int32_t capacity);
/// The categories the locale uses, separated by spaces.
int32_t cicu_plural_keywords(const cicu_plural *rules, char *out, int32_t capacity);

/// A list formatter: "a, b and c" (`units` = 0) or the narrower unit lists ("1 year, 6 months").
cicu_list *cicu_list_open(const char *locale, int units, char *error, int32_t error_capacity);
void cicu_list_close(cicu_list *formatter);
/// Joins `count` items, given as their UTF-8 bytes one after another in `items` with each one's byte
/// count in `lengths`.
int32_t cicu_list_format(const cicu_list *formatter, const char *items, const int32_t *lengths, int32_t count,
                         char *out, int32_t capacity);

/// The ICU locale id of a BCP 47 tag ("ko-KR" becomes "ko_KR").
int32_t cicu_locale_from_tag(const char *tag, char *out, int32_t capacity);
/// 1 when the locale's script is written right to left.
int cicu_locale_is_right_to_left(const char *locale);
/// The number of fraction digits of an ISO 4217 currency (JPY 0, USD 2, BHD 3), or -1 when ICU does not know it.
int32_t cicu_currency_fraction_digits(const char *code);
/// The ISO 4217 currencies in common use today (not withdrawn, not funds, metals or test codes), separated by
/// spaces, into `out` (NUL-terminated when it fits); returns the length the whole list needs, or -1 on error.
int32_t cicu_current_currencies(char *out, int32_t capacity);
/// The countries and regions ICU knows as ISO 3166-1 alpha-2 and alpha-3 code pairs ("JP:JPN US:USA …"),
/// separated by spaces.
int32_t cicu_country_codes(char *out, int32_t capacity);
/// The ISO 4217 currency a country (ISO 3166-1 alpha-2) uses today, into `out` (4 bytes with the NUL);
/// returns 3, or -1 when ICU knows none.
int32_t cicu_country_currency(const char *country, char *out, int32_t capacity);

#endif

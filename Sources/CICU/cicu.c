#include "cicu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucurr.h>
#include <unicode/uloc.h>
#include <unicode/ulistformatter.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>

struct cicu_number { UNumberFormatter *formatter; };
struct cicu_plural { UPluralRules *rules; };
struct cicu_list { UListFormatter *formatter; };

enum { small_capacity = 256 };

static void write_error(UErrorCode status, char *error, int32_t capacity) {
    if (error && capacity > 0) {
        strncpy(error, u_errorName(status), (size_t)capacity - 1);
        error[capacity - 1] = 0;
    }
}

/// Converts UTF-16 to UTF-8 into `out`, returning the full UTF-8 length or -1.
static int32_t to_utf8(const UChar *text, int32_t length, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8(out, capacity, &needed, text, length, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return needed;
    return U_FAILURE(status) ? -1 : needed;
}

/// Converts NUL-terminated UTF-8 to a newly allocated UTF-16 string; the caller frees it.
static UChar *to_utf16(const char *text, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strFromUTF8(NULL, 0, &needed, text, -1, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
    UChar *result = malloc(sizeof(UChar) * (size_t)(needed + 1));
    if (!result) return NULL;
    status = U_ZERO_ERROR;
    u_strFromUTF8(result, needed + 1, length, text, -1, &status);
    if (U_FAILURE(status)) {
        free(result);
        return NULL;
    }
    return result;
}

cicu_number *cicu_number_open(const char *skeleton, const char *locale, char *error, int32_t error_capacity) {
    int32_t length = 0;
    UChar *pattern = to_utf16(skeleton, &length);
    if (!pattern) {
        write_error(U_INVALID_CHAR_FOUND, error, error_capacity);
        return NULL;
    }
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(pattern, length, locale, &status);
    free(pattern);
    if (U_FAILURE(status)) {
        unumf_close(formatter);
        write_error(status, error, error_capacity);
        return NULL;
    }
    cicu_number *result = malloc(sizeof *result);
    if (!result) {
        unumf_close(formatter);
        write_error(U_MEMORY_ALLOCATION_ERROR, error, error_capacity);
        return NULL;
    }
    result->formatter = formatter;
    return result;
}

void cicu_number_close(cicu_number *formatter) {
    if (!formatter) return;
    unumf_close(formatter->formatter);
    free(formatter);
}

/// Removes [start, end) from `text` together with the white space around it.
static int32_t remove_span(UChar *text, int32_t length, int32_t start, int32_t end) {
    while (start > 0 && u_isUWhiteSpace(text[start - 1])) start--;
    while (end < length && u_isUWhiteSpace(text[end])) end++;
    memmove(text + start, text + end, sizeof(UChar) * (size_t)(length - end));
    return length - (end - start);
}

/// Puts U+2066 before [start, end) and U+2069 after it; `text` has room for two more units.
static int32_t isolate_span(UChar *text, int32_t length, int32_t start, int32_t end) {
    memmove(text + end + 2, text + end, sizeof(UChar) * (size_t)(length - end));
    memmove(text + start + 1, text + start, sizeof(UChar) * (size_t)(end - start));
    text[start] = 0x2066;
    text[end + 1] = 0x2069;
    return length + 2;
}

/// The span of the first field of kind `field` in `result`, or 0 when it has none.
static int find_field(const UFormattedNumber *result, int32_t field, int32_t *start, int32_t *end) {
    UErrorCode status = U_ZERO_ERROR;
    UFieldPosition position = { .field = field };
    if (!unumf_resultNextFieldPosition(result, &position, &status) || U_FAILURE(status)) return 0;
    *start = position.beginIndex;
    *end = position.endIndex;
    return 1;
}

/// Writes a formatted number to `out` as UTF-8 with the `options` applied, and closes `result`.
static int32_t finish_number(UFormattedNumber *result, UErrorCode status, int options, char *out, int32_t capacity) {
    // Two more units than the text, for the isolate marks.
    UChar stack[small_capacity];
    UChar *text = stack;
    int32_t length = unumf_resultToString(result, text, small_capacity - 2, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        status = U_ZERO_ERROR;
        text = malloc(sizeof(UChar) * (size_t)(length + 3));
        if (text) unumf_resultToString(result, text, length + 3, &status);
        else status = U_MEMORY_ALLOCATION_ERROR;
    }
    int32_t start = 0, end = 0;
    if (U_SUCCESS(status) && (options & CICU_OMIT_INTEGER) && find_field(result, UNUM_INTEGER_FIELD, &start, &end)) {
        length = remove_span(text, length, start, end);
    } else if (U_SUCCESS(status) && (options & CICU_ISOLATE_CURRENCY)
               && find_field(result, UNUM_CURRENCY_FIELD, &start, &end)) {
        length = isolate_span(text, length, start, end);
    }
    int32_t written = U_FAILURE(status) ? -1 : to_utf8(text, length, out, capacity);
    if (text != stack) free(text);
    unumf_closeResult(result);
    return written;
}

int32_t cicu_number_format(const cicu_number *formatter, const char *decimal, int options,
                           char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UFormattedNumber *result = unumf_openResult(&status);
    unumf_formatDecimal(formatter->formatter, decimal, -1, result, &status);
    return finish_number(result, status, options, out, capacity);
}

int32_t cicu_number_format_int(const cicu_number *formatter, int64_t value, int options, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UFormattedNumber *result = unumf_openResult(&status);
    unumf_formatInt(formatter->formatter, value, result, &status);
    return finish_number(result, status, options, out, capacity);
}

int32_t cicu_number_format_minor(const cicu_number *formatter, int64_t units, int32_t digits, int options,
                                 char *out, int32_t capacity) {
    // The decimal written backwards from the end of `decimal`: digits, then `.` after `digits` of them.
    char decimal[48];
    char *cursor = decimal + sizeof decimal - 1;
    *cursor = 0;
    uint64_t magnitude = units < 0 ? (uint64_t)0 - (uint64_t)units : (uint64_t)units;
    if (digits < 0 || digits > 18) return -1;
    for (int32_t written = 0; magnitude > 0 || written <= digits; written++) {
        if (written == digits && digits > 0) *--cursor = '.';
        *--cursor = (char)('0' + magnitude % 10);
        magnitude /= 10;
    }
    if (units < 0) *--cursor = '-';
    return cicu_number_format(formatter, cursor, options, out, capacity);
}

cicu_plural *cicu_plural_open(const char *locale, int ordinal, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_openForType(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL,
                                               &status);
    if (U_FAILURE(status)) {
        uplrules_close(rules);
        write_error(status, error, error_capacity);
        return NULL;
    }
    cicu_plural *result = malloc(sizeof *result);
    if (!result) {
        uplrules_close(rules);
        write_error(U_MEMORY_ALLOCATION_ERROR, error, error_capacity);
        return NULL;
    }
    result->rules = rules;
    return result;
}

void cicu_plural_close(cicu_plural *rules) {
    if (!rules) return;
    uplrules_close(rules->rules);
    free(rules);
}

int32_t cicu_plural_select(const cicu_plural *rules, double number, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar keyword[32];
    int32_t length = uplrules_select(rules->rules, number, keyword, 32, &status);
    return U_FAILURE(status) ? -1 : to_utf8(keyword, length, out, capacity);
}

int32_t cicu_plural_keywords(const cicu_plural *rules, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords(rules->rules, &status);
    char joined[small_capacity] = "";
    size_t used = 0;
    const char *keyword;
    int32_t length = 0;
    while (U_SUCCESS(status) && (keyword = uenum_next(keywords, &length, &status)) != NULL) {
        if (used + (size_t)length + 2 > sizeof joined) break;
        if (used > 0) joined[used++] = ' ';
        memcpy(joined + used, keyword, (size_t)length);
        used += (size_t)length;
        joined[used] = 0;
    }
    uenum_close(keywords);
    if (U_FAILURE(status)) return -1;
    if ((int32_t)used < capacity) memcpy(out, joined, used + 1);
    return (int32_t)used;
}

cicu_list *cicu_list_open(const char *locale, int units, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UListFormatter *formatter = ulistfmt_openForType(
        locale, units ? ULISTFMT_TYPE_UNITS : ULISTFMT_TYPE_AND, ULISTFMT_WIDTH_WIDE, &status);
    if (U_FAILURE(status)) {
        ulistfmt_close(formatter);
        write_error(status, error, error_capacity);
        return NULL;
    }
    cicu_list *result = malloc(sizeof *result);
    if (!result) {
        ulistfmt_close(formatter);
        write_error(U_MEMORY_ALLOCATION_ERROR, error, error_capacity);
        return NULL;
    }
    result->formatter = formatter;
    return result;
}

void cicu_list_close(cicu_list *formatter) {
    if (!formatter) return;
    ulistfmt_close(formatter->formatter);
    free(formatter);
}

int32_t cicu_list_format(const cicu_list *formatter, const char *items, const int32_t *lengths, int32_t count,
                         char *out, int32_t capacity) {
    int32_t total = 0;
    for (int32_t index = 0; index < count; index++) total += lengths[index];
    // UTF-16 never has more units than UTF-8 has bytes; one more per item for the terminators.
    UChar small_strings[small_capacity];
    UChar *strings = total + count <= small_capacity ? small_strings
        : malloc(sizeof(UChar) * (size_t)(total + count));
    const UChar *small_pointers[16];
    int32_t small_lengths[16];
    const UChar **pointers = count <= 16 ? small_pointers : malloc(sizeof(UChar *) * (size_t)count);
    int32_t *utf16_lengths = count <= 16 ? small_lengths : malloc(sizeof(int32_t) * (size_t)count);
    UChar small_text[small_capacity];
    UChar *text = small_text;
    int32_t written = -1;
    UErrorCode status = U_ZERO_ERROR;
    if (!strings || !pointers || !utf16_lengths) goto done;
    int32_t used = 0;
    for (int32_t index = 0; index < count && U_SUCCESS(status); index++) {
        int32_t length = 0;
        u_strFromUTF8(strings + used, total + count - used, &length, items, lengths[index], &status);
        pointers[index] = strings + used;
        utf16_lengths[index] = length;
        used += length + 1;
        items += lengths[index];
    }
    if (U_FAILURE(status)) goto done;
    int32_t length = ulistfmt_format(formatter->formatter, pointers, utf16_lengths, count, text, small_capacity,
                                     &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        status = U_ZERO_ERROR;
        text = malloc(sizeof(UChar) * (size_t)(length + 1));
        if (!text) goto done;
        ulistfmt_format(formatter->formatter, pointers, utf16_lengths, count, text, length + 1, &status);
    }
    if (U_SUCCESS(status)) written = to_utf8(text, length, out, capacity);
done:
    if (text != small_text) free(text);
    if (strings != small_strings) free(strings);
    if (pointers != small_pointers) free(pointers);
    if (utf16_lengths != small_lengths) free(utf16_lengths);
    return written;
}

int32_t cicu_locale_from_tag(const char *tag, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, id, ULOC_FULLNAME_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || parsed != (int32_t)strlen(tag)) return -1;
    if (length < capacity) memcpy(out, id, (size_t)length + 1);
    return length;
}

int cicu_locale_is_right_to_left(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    return uloc_getCharacterOrientation(locale, &status) == ULOC_LAYOUT_RTL && U_SUCCESS(status);
}

int32_t cicu_currency_fraction_digits(const char *code) {
    if (strlen(code) != 3) return -1;
    UChar currency[4];
    u_charsToUChars(code, currency, 4);
    UErrorCode status = U_ZERO_ERROR;
    if (!ucurr_isAvailable(currency, -8.64e15, 8.64e15, &status) || U_FAILURE(status)) return -1;
    int32_t digits = ucurr_getDefaultFractionDigits(currency, &status);
    return U_FAILURE(status) ? -1 : digits;
}

int32_t cicu_current_currencies(char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *codes = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &status);
    int32_t length = 0;
    const char *next;
    while (U_SUCCESS(status) && (next = uenum_next(codes, NULL, &status))) {
        int32_t size = (int32_t)strlen(next) + (length > 0 ? 1 : 0);
        if (length + size < capacity) {
            if (length > 0) out[length] = ' ';
            memcpy(out + length + (length > 0 ? 1 : 0), next, strlen(next) + 1);
        }
        length += size;
    }
    uenum_close(codes);
    if (length == 0 && capacity > 0) out[0] = 0;
    return U_SUCCESS(status) ? length : -1;
}

int32_t cicu_country_codes(char *out, int32_t capacity) {
    const char *const *countries = uloc_getISOCountries();
    int32_t length = 0;
    for (; countries && *countries; countries++) {
        char locale[8] = "_";
        strncat(locale, *countries, sizeof locale - 2);
        const char *alpha3 = uloc_getISO3Country(locale);
        if (strlen(alpha3) == 0) continue;
        char pair[16];
        int written = snprintf(pair, sizeof pair, "%s%s:%s", length > 0 ? " " : "", *countries, alpha3);
        if (written <= 0 || (size_t)written >= sizeof pair) continue;
        if (length + written < capacity) memcpy(out + length, pair, (size_t)written + 1);
        length += written;
    }
    if (length == 0 && capacity > 0) out[0] = 0;
    return length;
}

int32_t cicu_country_currency(const char *country, char *out, int32_t capacity) {
    char locale[16] = "und_";
    strncat(locale, country, sizeof locale - 5);
    UChar currency[4];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ucurr_forLocale(locale, currency, 4, &status);
    if (U_FAILURE(status) || length != 3 || capacity < 4) return -1;
    u_UCharsToChars(currency, out, 3);
    out[3] = 0;
    return 3;
}

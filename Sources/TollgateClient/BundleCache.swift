import Foundation
import TollgateEvaluation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The cache file: the last good bundle and what the client knew of it, as one JSON document written
/// atomically (a temporary file beside it, flushed to disk, then renamed over it).
struct BundleCache: Sendable {
    static let format = "tollgate-client-cache/v1"

    let file: URL

    /// The document. The bundle is kept as the exact text the server sent, so its hash can be checked again.
    struct Record: Codable {
        var format: String
        var app: String
        var etag: String
        var version: Int?
        var fetched: Date
        var confirmed: Date
        var bundle: String
    }

    /// The verified bundle the file holds for `app`; nil when there is no file; throws when there is one
    /// that cannot be used (unreadable, not the cache format, another app, a bundle that fails its checks).
    func load(app: String) throws(TollgateClientError) -> PolicySnapshot? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let record: Record
        do {
            record = try Self.decoder.decode(Record.self, from: Data(contentsOf: file))
        } catch {
            throw .unusableCache("\(file.path) is not a readable cache file (\(error.localizedDescription))")
        }
        guard record.format == Self.format else {
            throw .unusableCache("\(file.path) has format '\(record.format)'; expected '\(Self.format)'")
        }
        guard record.app == app else {
            throw .unusableCache("\(file.path) holds app '\(record.app)'; expected '\(app)'")
        }
        let bundleJSON = Data(record.bundle.utf8)
        let policy: CompiledPolicy
        do {
            policy = try CompiledPolicy(bundleJSON: bundleJSON)
        } catch {
            throw .unusableCache("\(file.path): \(error)")
        }
        guard policy.app == app else {
            throw .unusableCache("\(file.path) holds a bundle of app '\(policy.app)'; expected '\(app)'")
        }
        guard BundleFetcher.hash(ofETag: record.etag) == policy.hash else {
            throw .unusableCache("\(file.path): the bundle's hash \(policy.hash) does not match its ETag \(record.etag)")
        }
        return PolicySnapshot(policy: policy, bundleJSON: bundleJSON, version: record.version, fetched: record.fetched,
                              confirmed: record.confirmed, origin: .cache)
    }

    /// Replaces the file with `snapshot`, atomically: a reader sees the old file or the new one, never part of one.
    func save(_ snapshot: PolicySnapshot) throws(TollgateClientError) {
        guard let bundle = String(data: snapshot.bundleJSON, encoding: .utf8) else {
            throw .cacheWriteFailed("the bundle is not UTF-8")
        }
        let record = Record(format: Self.format, app: snapshot.app, etag: snapshot.etag, version: snapshot.version,
                            fetched: snapshot.fetched, confirmed: snapshot.confirmed, bundle: bundle)
        let data: Data
        do {
            data = try Self.encoder.encode(record)
        } catch {
            throw .cacheWriteFailed("\(error)")
        }
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cacheWriteFailed("cannot create \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        do throws(TollgateClientError) {
            try Self.writeAndSync(data, to: temporary.path)
            guard rename(temporary.path, file.path) == 0 else { throw Self.failure("cannot rename onto \(file.path)") }
        } catch {
            unlink(temporary.path)
            throw error
        }
        Self.syncFolder(folder.path)
    }

    /// Writes `data` to a new file at `path` and flushes it to disk.
    private static func writeAndSync(_ data: Data, to path: String) throws(TollgateClientError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(path)") }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else { throw failure("cannot write \(path)") }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(path) to disk") }
    }

    /// Flushes the folder's entries, so the rename survives a power loss; best effort.
    private static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ what: String) -> TollgateClientError {
        .cacheWriteFailed("\(what): \(String(cString: strerror(errno)))")
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

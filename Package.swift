// swift-tools-version:6.0
import PackageDescription

/// Atrium: one Swift server for a company's people, time off, notices and presence.
///
/// Targets are listed in dependency order (DESIGN.md): a target only imports targets above it.
let package = Package(
  name: "Atrium",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "atrium", targets: ["atrium"]),
    .executable(name: "atrium-http-hello", targets: ["atrium-http-hello"]),
  ],
  targets: [
    // MARK: - C libraries from Debian

    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
    // No pkgConfig: gdlib.pc adds -DAVIF_DLL, a flag SwiftPM refuses; gd.h is in /usr/include.
    .systemLibrary(name: "CGD", providers: [.apt(["libgd-dev"])]),
    .systemLibrary(name: "CLDAP", pkgConfig: "ldap", providers: [.apt(["libldap-dev"])]),
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
    // glibc's allocator settings (part of libc6-dev, which the toolchain needs).
    .systemLibrary(name: "CMalloc"),

    // MARK: - shared

    // The engine-neutral SQL types: values, rows, errors, the Database protocols, dialects.
    .target(name: "AtriumSQL"),
    .target(name: "AtriumSQLite", dependencies: ["CSQLite", "AtriumSQL"]),
    .target(name: "AtriumPostgres", dependencies: ["CLibPQ", "AtriumSQL"]),
    .target(name: "AtriumDomain"),
    // The catalogue of every text a person reads, in English and Spanish.
    .target(name: "AtriumMessages", dependencies: ["AtriumDomain"]),
    .target(name: "AtriumHTTPTypes"),
    .target(name: "AtriumLog"),
    .target(name: "AtriumAPI", dependencies: ["AtriumDomain", "AtriumMessages", "AtriumHTTPTypes"]),
    .target(name: "AtriumHTML"),

    // MARK: - client

    .target(
      name: "AtriumClient",
      dependencies: ["AtriumSQL", "AtriumSQLite", "AtriumDomain", "AtriumMessages", "AtriumAPI", "AtriumHTTPTypes"]),

    // MARK: - server

    .target(name: "AtriumHTTP", dependencies: ["CMicroHTTPD", "AtriumHTTPTypes", "AtriumLog"]),
    .target(name: "AtriumCrypto", dependencies: ["CCrypto", "CArgon2"]),
    .target(name: "AtriumImages", dependencies: ["CGD"]),
    .target(name: "AtriumLDAP", dependencies: ["CLDAP"]),
    // Mail as values (MIME, RFC 2047) and its delivery: SMTP through libcurl, or a folder.
    // libcurl, wrapped once: a transfer, and HTTP requests to other services (push).
    .target(name: "AtriumCurl", dependencies: ["CCurl"]),
    .target(name: "AtriumMQTT", dependencies: ["CMosquitto"]),
    .target(name: "AtriumMail", dependencies: ["AtriumCurl"]),
    .target(name: "AtriumStore", dependencies: ["AtriumSQL", "AtriumSQLite", "AtriumPostgres", "AtriumDomain"]),
    .target(
      name: "AtriumServices",
      dependencies: [
        "AtriumDomain", "AtriumMessages", "AtriumAPI", "AtriumCrypto", "AtriumImages", "AtriumLDAP", "AtriumLog",
        "AtriumSQL", "AtriumStore", "AtriumHTML", "AtriumMail", "AtriumCurl",
      ],
      resources: [.copy("Resources/common-passwords.txt")]),
    .target(
      name: "AtriumWeb",
      dependencies: [
        "AtriumDomain", "AtriumMessages", "AtriumAPI", "AtriumHTTPTypes", "AtriumHTML", "AtriumCrypto", "AtriumLog",
        "AtriumMail", "AtriumServices",
      ],
      resources: [.copy("Resources/web")]
    ),
    .target(
      name: "AtriumServer",
      dependencies: [
        "AtriumDomain", "AtriumMessages", "AtriumAPI", "AtriumHTTPTypes", "AtriumHTTP", "AtriumCrypto", "AtriumLog",
        "AtriumServices", "AtriumWeb", "AtriumSQL", "AtriumStore", "AtriumHTML", "AtriumMQTT",
      ],
      resources: [.copy("Resources/openapi.yaml")]
    ),

    // MARK: - tools

    .target(
      name: "AtriumTestSupport",
      dependencies: [
        "AtriumDomain", "AtriumAPI", "AtriumHTTPTypes", "AtriumHTTP", "AtriumImages", "AtriumLog", "AtriumMail",
        "AtriumSQL", "AtriumPostgres", "AtriumStore", "AtriumServices", "AtriumWeb", "AtriumServer", "CGD",
        "AtriumCurl",
      ]),
    .executableTarget(
      name: "atrium",
      dependencies: [
        "AtriumDomain", "AtriumMessages", "AtriumAPI", "AtriumLog", "AtriumServices", "AtriumServer", "AtriumSQL",
        "AtriumStore", "AtriumHTTPTypes", "AtriumHTTP", "AtriumClient", "CMalloc",
      ]),
    // The engine alone, for the benchmarks' ceiling (bench/README.md).
    .executableTarget(name: "atrium-http-hello", dependencies: ["AtriumHTTP", "AtriumHTTPTypes"]),

    // MARK: - tests

    .testTarget(name: "AtriumSQLTests", dependencies: ["AtriumSQL"]),
    .testTarget(name: "AtriumSQLiteTests", dependencies: ["AtriumSQL", "AtriumSQLite"]),
    .testTarget(name: "AtriumPostgresTests", dependencies: ["AtriumSQL", "AtriumPostgres", "AtriumTestSupport"]),
    .testTarget(name: "AtriumDomainTests", dependencies: ["AtriumDomain"], resources: [.copy("Resources")]),
    .testTarget(name: "AtriumCryptoTests", dependencies: ["AtriumCrypto"]),
    .testTarget(name: "AtriumMessagesTests", dependencies: ["AtriumMessages", "AtriumDomain"]),
    .testTarget(name: "AtriumAPITests", dependencies: ["AtriumAPI", "AtriumHTTPTypes"]),
    .testTarget(name: "AtriumHTMLTests", dependencies: ["AtriumHTML"]),
    .testTarget(name: "AtriumHTTPTypesTests", dependencies: ["AtriumHTTPTypes"]),
    .testTarget(
      name: "AtriumClientTests",
      dependencies: [
        "AtriumClient", "AtriumAPI", "AtriumDomain", "AtriumMessages", "AtriumHTTPTypes", "AtriumHTTP", "AtriumImages",
        "AtriumMail", "AtriumServices", "AtriumSQL", "AtriumSQLite", "AtriumTestSupport",
      ]),
    .testTarget(
      name: "AtriumHTTPTests", dependencies: ["AtriumHTTPTypes", "AtriumHTTP", "AtriumLog", "AtriumTestSupport"]),
    .testTarget(name: "AtriumImagesTests", dependencies: ["AtriumImages", "AtriumTestSupport"]),
    .testTarget(name: "AtriumLDAPTests", dependencies: ["AtriumLDAP", "AtriumTestSupport"]),
    .testTarget(name: "AtriumMQTTTests", dependencies: ["AtriumMQTT", "AtriumTestSupport"]),
    .testTarget(name: "AtriumMailTests", dependencies: ["AtriumMail", "AtriumTestSupport"]),
    .testTarget(
      name: "AtriumStoreTests", dependencies: ["AtriumSQL", "AtriumPostgres", "AtriumStore", "AtriumTestSupport"]),
    .testTarget(
      name: "AtriumServerTests",
      dependencies: [
        "AtriumServer", "AtriumServices", "AtriumWeb", "AtriumCrypto", "AtriumLog", "AtriumAPI", "AtriumDomain",
        "AtriumMessages", "AtriumHTTPTypes",
        "AtriumHTTP", "AtriumLDAP", "AtriumMail", "AtriumMQTT", "AtriumSQL", "AtriumPostgres", "AtriumStore",
        "AtriumTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

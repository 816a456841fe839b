import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumImages
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// Profile photos through the API: upload, the address that changes with each photo, caching,
/// orientation, and everything that must be refused.
@Suite(.checksBalanceRows) struct PhotoAPITests {
  let app: TestApp
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
  }

  func upload(_ bytes: [UInt8], route: Route = .me(.updatePhoto), token: String? = nil) -> HTTPResponse {
    app.send(
      "PUT", route.path, body: bytes, token: token ?? eva.accessToken,
      headers: [("Content-Type", "application/octet-stream")])
  }

  func photoURL(of id: String) throws -> String {
    try JSONText.decode(PersonProfile.self, from: app.send(.people(.profile(id: id)), token: eva.accessToken)).photoURL
  }

  @Test func anUploadedPhotoGetsANewAddressAndIsServedInBothSizes() throws {
    let evaID = try JSONText.decode(User.self, from: app.send(.me(.show), token: eva.accessToken)).id
    let before = try photoURL(of: evaID)
    #expect(!before.contains("v="))
    let initials = app.send("GET", before, token: eva.accessToken)
    #expect(initials.headers["Content-Type"] == "image/svg+xml")

    let uploaded = upload(Picture.halves(width: 640, height: 480, format: .png))
    #expect(uploaded.status == 200, "\(uploaded.text)")
    let profile = try JSONText.decode(PersonProfile.self, from: uploaded)
    #expect(profile.photoURL != before)
    #expect(profile.photoURL.contains("v="))
    let listed = try JSONText.decode(
      Page<PersonSummary>.self,
      from: app.send(.people(.directory(PeopleQuery(text: "eva fern"))), token: eva.accessToken))
    #expect(listed.items.map(\.photoURL) == [profile.photoURL], "the directory lists the new photo")
    #expect(try photoURL(of: evaID) == profile.photoURL)
    let me = try JSONText.decode(User.self, from: app.send(.me(.show), token: eva.accessToken))
    #expect(me.photoURL == profile.photoURL, "every place that shows her uses the new address")

    let small = app.send("GET", profile.photoURL, token: eva.accessToken)
    #expect(small.status == 200)
    #expect(small.headers["Content-Type"] == "image/jpeg")
    #expect(small.headers["Cache-Control"] == "private, max-age=31536000, immutable")
    #expect(Picture.size(of: small.body)! == (96, 96))
    let large = app.send(
      "GET", profile.photoURL.replacingOccurrences(of: "size=96", with: "size=512"), token: eva.accessToken)
    #expect(Picture.size(of: large.body)! == (512, 512))
    #expect(large.headers["ETag"] != small.headers["ETag"])

    let etag = try #require(small.headers["ETag"])
    let again = app.send("GET", profile.photoURL, token: eva.accessToken, headers: [("If-None-Match", etag)])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)

    // A second photo: a new address, and the old one no longer claims to be current.
    let second = try JSONText.decode(
      PersonProfile.self, from: upload(Picture.halves(width: 300, height: 300, format: .webp)))
    #expect(second.photoURL != profile.photoURL)
    let stale = app.send("GET", profile.photoURL, token: eva.accessToken, headers: [("If-None-Match", etag)])
    #expect(stale.status == 200)
    #expect(stale.headers["Cache-Control"] == "private, no-cache")
  }

  @Test func aSidewaysPhonePhotoIsShownUpright() throws {
    let sideways = Picture.withOrientation(Picture.halves(width: 800, height: 400, format: .jpeg), 6)
    let profile = try JSONText.decode(PersonProfile.self, from: upload(sideways))
    let small = app.send("GET", profile.photoURL, token: eva.accessToken).body
    #expect(Picture.isRed(Picture.colour(of: small, x: 48, y: 10)))
    #expect(Picture.isBlue(Picture.colour(of: small, x: 48, y: 85)))
    #expect(small.firstRange(of: Array("Exif".utf8)) == nil)
  }

  @Test func refusesWhatIsNotAPhoto() throws {
    let text = upload(Array("just some text pretending to be a JPEG".utf8))
    #expect(text.status == 415)
    #expect(text.headers["Content-Type"] == "application/problem+json")
    #expect(upload(Array("GIF89a\u{01}\u{00}\u{01}\u{00}".utf8)).status == 415)
    #expect(upload([]).status == 415)
    var damaged = Picture.halves(width: 100, height: 100, format: .png)
    for index in 60..<damaged.count { damaged[index] = 0 }
    #expect(upload(damaged).status == 422)
    var bomb = Picture.halves(width: 10, height: 10, format: .png)
    bomb.replaceSubrange(16..<24, with: [0x00, 0x00, 0xEA, 0x60, 0x00, 0x00, 0xEA, 0x60])
    let refused = upload(bomb)
    #expect(refused.status == 422)
    #expect(refused.problem?.detail?.contains("60000 × 60000") == true)
    // Nothing changed.
    let evaID = try JSONText.decode(User.self, from: app.send(.me(.show), token: eva.accessToken)).id
    #expect(!(try photoURL(of: evaID)).contains("v="))
  }

  @Test func onlyAdminsChangeOtherPeoplesPhotos() throws {
    let mario = try JSONText.decode(User.self, from: app.send(.me(.show), token: try app.login("mario").accessToken))
    let picture = Picture.halves(width: 200, height: 200, format: .jpeg)
    #expect(upload(picture, route: .people(.updatePhoto(id: mario.id))).status == 403)
    #expect(app.send(.people(.deletePhoto(id: mario.id)), token: eva.accessToken).status == 403)
    let ana = try app.login("ana")
    let changed = upload(picture, route: .people(.updatePhoto(id: mario.id)), token: ana.accessToken)
    #expect(changed.status == 200)
    #expect(upload(picture, route: .people(.updatePhoto(id: "no-such-person")), token: ana.accessToken).status == 404)
    let audit = try JSONText.decode(
      Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana.accessToken))
    #expect(audit.items.first?.action == "person.photo.update")
    #expect(audit.items.first?.targetId == mario.id)

    #expect(app.send(.people(.deletePhoto(id: mario.id)), token: ana.accessToken).status == 204)
    let back = try photoURL(of: mario.id)
    #expect(!back.contains("v="))
    #expect(app.send("GET", back, token: eva.accessToken).headers["Content-Type"] == "image/svg+xml")
  }

  @Test func theSameImageIsStoredOnce() throws {
    let picture = Picture.halves(width: 200, height: 100, format: .png)
    let first = try JSONText.decode(PersonProfile.self, from: upload(picture)).photoURL
    #expect(app.send(.me(.deletePhoto), token: eva.accessToken).status == 204)
    let second = try JSONText.decode(PersonProfile.self, from: upload(picture)).photoURL
    #expect(first == second)
    let files = try FileManager.default.subpathsOfDirectory(atPath: app.directory.path + "/data/files/photos")
      .filter { $0.hasSuffix(".jpg") }
    #expect(files.count == 2, "one file per size: \(files)")
  }

  @Test func housekeepingRemovesOnlyThePhotosNobodyUses() throws {
    let replaced = try JSONText.decode(
      PersonProfile.self, from: upload(Picture.halves(width: 120, height: 120, format: .png))
    ).photoURL
    let current = try JSONText.decode(
      PersonProfile.self, from: upload(Picture.halves(width: 130, height: 120, format: .jpeg))
    ).photoURL
    func photoFiles() throws -> [String] {
      try FileManager.default.subpathsOfDirectory(atPath: app.directory.path + "/data/files/photos")
        .filter { $0.hasSuffix(".jpg") }
    }
    #expect(try photoFiles().count == 4)
    // Files younger than an hour stay: their upload may still be committing.
    app.app.runHousekeeping()
    #expect(try photoFiles().count == 4)
    app.clock.advance(by: Date().timeIntervalSince(app.clock.now) + 2 * 3600)
    app.app.runHousekeeping()
    let left = try photoFiles()
    #expect(left.count == 2)
    let currentID = try #require(current.split(separator: "v=").last)
    #expect(left.allSatisfy { $0.contains(currentID) })
    #expect(replaced != current)
    let token = try app.login("eva").accessToken
    #expect(app.send("GET", current, token: token).headers["Content-Type"] == "image/jpeg")
  }

  @Test func unknownPeopleAndBadSizesAreRefused() {
    #expect(app.send(.people(.photo(id: "nobody", size: .small)), token: eva.accessToken).status == 404)
    #expect(app.send("GET", "/api/v1/people/x/photo?size=97", token: eva.accessToken).status == 400)
    #expect(app.send(.people(.photo(id: "nobody", size: .small))).status == 401)
  }
}

/// The 20 MiB limit is the engine's: it answers before the body is read.
@Suite(.serialized, .checksBalanceRows) struct PhotoUploadLimitTests {
  @Test func anUploadOverTwentyMebibytesIsRefusedBeforeItIsRead() throws {
    let app = try TestApp()
    let token = try app.login("eva").accessToken
    let server = try app.startedServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send(
      "PUT /api/v1/me/photo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
        + "Content-Type: image/jpeg\r\nContent-Length: \((20 << 20) + 1)\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(response.header("Content-Type") == "application/problem+json")
  }
}

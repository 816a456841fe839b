import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumImages
import AtriumTestSupport
import Foundation
import Testing

/// Team, profile, edit profile and a person's time off, on the real SDK stack against the
/// demo company (mario manages eva; ana is the admin).
@MainActor @Suite(.serialized) struct PeopleViewModelTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  func people(_ username: String) async throws -> LivePeopleRepository {
    let (session, cache) = try await live.signIn(username)
    return LivePeopleRepository(session: session, cache: cache)
  }

  @Test func team_searchesFiltersPagesAndOffersTimeOffOnlyToTheManager() async throws {
    let model = TeamViewModel(repository: try await people("mario"), pageSize: 20)
    await model.appeared()
    #expect(model.state.rows.count == 20 && model.state.canLoadMore)
    #expect(model.state.departments.map(\.name) == ["All", "Engineering", "Operations", "People & Culture", "Sales"])
    await model.loadMoreTapped()
    await model.loadMoreTapped()
    #expect(!model.state.canLoadMore)
    #expect(Set(model.state.rows.map(\.id)).count == model.state.rows.count, "no one twice across pages")
    let everyone = model.state.rows.count

    await model.queryChanged("fernandez")
    #expect(model.state.rows.map(\.name) == ["Eva Fernández"], "accents do not matter")
    #expect(model.state.rows.first?.detail == "iOS Developer · Engineering")
    let eva = try #require(model.state.rows.first?.id)

    await model.personTapped(id: eva)
    let options = try #require(model.state.options)
    #expect(options.name == "Eva Fernández" && options.canSeeTimeOff)
    #expect(options.mailURL?.scheme == "mailto")

    await model.queryChanged("")
    let sales = try #require(model.state.departments.first { $0.name == "Sales" }?.id)
    await model.departmentChosen(sales)
    #expect(!model.state.rows.isEmpty && model.state.rows.count < everyone)
    #expect(model.state.rows.allSatisfy { $0.detail.hasSuffix("· Sales") })
    await model.personTapped(id: try #require(model.state.rows.first?.id))
    #expect(model.state.options?.canSeeTimeOff == false, "mario does not manage Sales")

    await model.queryChanged("nobody-is-called-this")
    #expect(model.state.rows.isEmpty && model.state.emptyText == "No one matches.")
  }

  @Test func profile_ownIsEditable_othersShowTheirManager() async throws {
    let repository = try await people("eva")
    let own = ProfileViewModel(repository: repository)
    await own.appeared()
    #expect(own.state.name == "Eva Fernández" && own.state.canEdit)
    #expect(own.state.place == "Engineering · Madrid")
    #expect(own.state.manager == "Mario López")

    let mario = try #require(own.state.managerID)
    let other = ProfileViewModel(personID: mario, repository: repository, language: .es)
    await other.appeared()
    #expect(other.state.name == "Mario López" && !other.state.canEdit)
    #expect(other.state.manager == "Ana García")

    live.isOffline = true
    let offline = ProfileViewModel(personID: mario, repository: repository)
    await offline.appeared()
    #expect(offline.state.name == "Mario López", "the last copy")
    #expect(offline.state.error == "You are offline.")
  }

  @Test func editProfile_showsFieldErrors_savesAndChangesThePhoto() async throws {
    let repository = try await people("eva")
    let model = EditProfileViewModel(repository: repository)
    await model.appeared()
    #expect(!model.state.isSaveEnabled, "nothing changed yet")
    #expect(model.state.locations.map(\.name) == ["Madrid", "Valladolid"])

    model.phoneChanged("call me maybe")
    #expect(model.state.isSaveEnabled)
    await model.saveTapped()
    #expect(model.state.fieldErrors["phone"] == "must start with the country prefix, e.g. +34 600 123 456")
    #expect(model.state.message == nil)

    model.phoneChanged("+34 600 123 456")
    #expect(model.state.fieldErrors["phone"] == nil, "the error goes once the field is edited")
    model.bioChanged("Swift and mountains.")
    let valladolid = try #require(model.state.locations.first { $0.name == "Valladolid" }?.id)
    model.locationChosen(valladolid)
    await model.saveTapped()
    #expect(model.state.message == "Profile saved.")
    #expect(!model.state.isSaveEnabled)
    let profile = ProfileViewModel(repository: repository)
    await profile.appeared()
    #expect(profile.state.phone == "+34 600 123 456" && profile.state.bio == "Swift and mountains.")
    #expect(profile.state.place == "Engineering · Valladolid")

    await model.photoChosen(Data("not a picture".utf8))
    #expect(model.state.photoError == "Choose a JPEG, PNG or WebP photo.")
    await model.photoChosen(Data(count: EditProfileViewModel.maximumPhotoBytes + 1))
    #expect(model.state.photoError == "The photo is larger than 20 MB.")
    let before = model.state.photoPath
    await model.photoChosen(Data(Picture.halves(width: 64, height: 64, format: .png)))
    #expect(model.state.photoError == nil && model.state.message == "Photo changed.")
    #expect(model.state.photoPath != before && model.state.photoPath?.contains("&v=") == true)
    var damaged = Picture.halves(width: 64, height: 64, format: .png)
    damaged.replaceSubrange(20..<damaged.count, with: [UInt8](repeating: 0, count: damaged.count - 20))
    await model.photoChosen(Data(damaged))
    #expect(model.state.photoError != nil, "the server's refusal shows next to the photo")
  }

  @Test func personLeave_forTheManagerByYear_andNotForAColleague() async throws {
    let eva = try live.app.login("eva").accessToken
    #expect(
      live.app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-07"}"#, token: eva).status == 201)
    let evaID = try JSONText.decode(User.self, from: live.app.send(.me(.show), token: eva)).id

    let model = PersonLeaveViewModel(personID: evaID, repository: try await people("mario"))
    await model.appeared()
    #expect(model.state.name == "Eva Fernández" && model.state.position == "iOS Developer")
    #expect(model.state.year == 2026)
    #expect(model.state.rows.contains { $0.dates == "2026-04-06 – 2026-04-07" && $0.status == "Pending" })
    await model.yearChanged(to: 2027)
    #expect(model.state.year == 2027 && model.state.allowance.hasSuffix("days in 2027"))
    #expect(model.state.rows.isEmpty && model.state.emptyText == "No requests this year.")

    let colleague = PersonLeaveViewModel(personID: evaID, repository: try await people("lucia"))
    await colleague.appeared()
    #expect(colleague.state.error == "It could not be found.")
    #expect(colleague.state.rows.isEmpty && colleague.state.name.isEmpty)
  }
}

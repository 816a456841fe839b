import AtriumAPI
import AtriumHTML
import AtriumMessages
import AtriumServices

// What today's sections register at the web app's extension points (`WebExtensions`). A new
// section puts its own in a file of its own and adds them to the lists in `AtriumApp`.

extension PersonAction {
  /// Call and email: the ways to reach anyone.
  package static let reach: [PersonAction] = [
    PersonAction(name: "call") { person, _, context in
      person.phone.isEmpty
        ? nil
        : .a([.class("button"), .href("tel:" + person.phone.filter { !$0.isWhitespace })], [.text(context(.call))])
    },
    PersonAction(name: "mail") { person, _, context in
      .a([.class("button"), .href("mailto:" + person.email)], [.text(context(.mail))])
    },
  ]

  /// Their time off, for the people who decide about it (their managers and admins).
  package static func timeOff(_ leaveQueries: LeaveQueries) -> PersonAction {
    PersonAction(name: "time-off") { person, viewer, context in
      guard try leaveQueries.mayDecide(for: person.id, principal: viewer) else { return nil }
      return .a(
        [.class("button secondary"), .href(WebPage.team(.timeOff(id: person.id, year: nil)).href)],
        [.text(context(.seeTimeOff))])
    }
  }

  /// Editing one's own profile.
  package static let editOwnProfile = PersonAction(name: "edit-profile") { person, viewer, context in
    person.id == viewer.employee.id
      ? .a([.class("button secondary"), .href(WebPage.profile(.edit).href)], [.text(context(.editProfile))]) : nil
  }
}

extension SettingsPanel {
  /// The personal calendar feed's addresses, with a button that replaces them.
  package static func calendarFeed(_ feeds: CalendarFeedService) -> SettingsPanel {
    SettingsPanel(name: "calendar-feed") { viewer, context, request in
      SettingsPage.calendarFeedPanel(context, try feeds.addresses(for: viewer, origin: request.origin))
    }
  }

  /// The push devices, and the badge reset.
  package static func devices(_ settings: SettingsService) -> SettingsPanel {
    SettingsPanel(name: "devices") { viewer, context, _ in
      SettingsPage.devicesPanel(context, try settings.devices(principal: viewer).items)
    }
  }

  /// The person's address, and a form to move to another (confirmed from it by mail).
  package static let email = SettingsPanel(name: "email") { viewer, context, _ in
    .section(
      [.class("card")],
      [
        .h2([], [.text(context(.myEmail))]),
        .p([], [.text(viewer.employee.email)]),
        context.form(
          .settings(.changeEmail), [.class("stack")],
          [
            .label([.for("new-email")], [.text(context(.newEmail))]),
            .input([.type("email"), .id("new-email"), .name("email"), .autocomplete("email"), .required]),
            .label([.for("email-password")], [.text(context(ErasureText.yourPassword))]),
            .input([
              .type("password"), .id("email-password"), .name("password"), .autocomplete("current-password"),
              .required,
            ]),
            .p([], [.button([.type("submit"), .class("secondary")], [.text(context(.changeEmail))])]),
          ]),
      ])
  }

  /// "Delete my account", last: a link to the page that asks first.
  package static let deleteAccount = SettingsPanel(name: "delete-account") { _, context, _ in
    .section(
      [.class("card")],
      [
        .h2([], [.text(context(ErasureText.deleteMyAccount))]),
        .p([.class("muted")], [.text(context(ErasureText.keptExplained))]),
        .p(
          [],
          [
            .a(
              [.href(WebPage.settings(.deleteAccount).href), .class("button secondary")],
              [.text(context(ErasureText.deleteMyAccount))])
          ]),
      ])
  }

  /// Where the person is signed in, with "sign out" on each.
  package static func sessions(_ sessions: SessionsService) -> SettingsPanel {
    SettingsPanel(name: "sessions") { viewer, context, _ in
      SettingsPage.sessionsPanel(context, try sessions.list(principal: viewer).items)
    }
  }
}

extension HomeCard {
  /// The timeline, with the form to post.
  package static func timeline(_ timeline: TimelineService) -> HomeCard {
    HomeCard(name: "timeline", area: .feed) { viewer, context, draft in
      HomePage.timelineCard(
        context, try timeline.page(PageRequest(limit: 50), principal: viewer, language: context.language), draft: draft)
    }
  }
}

extension HomeCard {
  /// For a manager or an admin: the requests that wait for them, oldest first.
  package static func approvalsWaiting(_ leaveQueries: LeaveQueries) -> HomeCard {
    HomeCard(name: "approvals", urgency: 0) { viewer, context, _ in
      guard context.waiting > 0 else { return nil }
      let oldest = try leaveQueries.approvals(filter: .pending, page: PageRequest(limit: 3), principal: viewer).items
      return HomeCards.approvals(context, count: context.waiting, oldest: oldest)
    }
  }

  /// The visitor's days left, carried days about to expire and next time off, and who in
  /// their team is out today and later this week.
  package static func timeOffToday(_ leaveQueries: LeaveQueries) -> HomeCard {
    HomeCard(name: "time-off", urgency: 10) { viewer, context, _ in
      HomeCards.timeOff(context, try leaveQueries.today(principal: viewer))
    }
  }

  /// Unread notices on the board, the newest first.
  package static func unreadNotices(_ board: BoardService) -> HomeCard {
    HomeCard(name: "board", urgency: 20) { viewer, context, _ in
      guard context.unread > 0 else { return nil }
      let unread = try board.page(
        unreadOnly: true, page: PageRequest(limit: 3), principal: viewer, language: context.language
      ).items
      return HomeCards.board(context, count: context.unread, newest: unread)
    }
  }
}

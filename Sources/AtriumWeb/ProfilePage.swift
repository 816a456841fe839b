import AtriumAPI
import AtriumHTML
import AtriumServices

/// Editing one's own profile: phone, location and about text, and the photo, in one form
/// (the photo sent as a file; errors are shown next to the field they concern).
package enum ProfilePage {
  package struct Errors: Sendable {
    package var fields: [String: String] = [:]
    package var photo: String?
  }

  package static func edit(
    _ context: WebContext, _ profile: PersonProfile, locations: [LocationBody], errors: Errors = Errors()
  ) -> Node {
    func error(_ field: String) -> Node {
      errors.fields[field].map { .p([.class("error"), .id("\(field)-error")], [.text($0)]) } ?? .empty
    }
    // One form saves the details and, when one is chosen, the photo.
    return Layout.page(
      context(.editProfile), context,
      [
        .form(
          [
            .method("post"), .action(WebPage.profile(.save).href), Attribute("enctype", "multipart/form-data"),
            .class("stack card"),
          ],
          [
            .input([.type("hidden"), .name(WebSessions.csrfField), .value(context.visitor?.csrfToken ?? "")]),
            .label([.for("photo")], [.text(context(.photo))]),
            .img([
              .class("portrait"), .id("photo-preview"), .alt(""),
              .src(profile.photoURL.replacingOccurrences(of: "size=96", with: "size=512")),
            ]),
            .input([
              .type("file"), .id("photo"), .name("photo"), Attribute("accept", "image/jpeg,image/png,image/webp"),
              Attribute("aria-describedby", "photo-help"),
            ]),
            .p(
              [.class("muted"), .id("photo-help")],
              [.text(context(.photoHelp(megabytes: EndpointRules.BodyLimit.photo.megabytes)))]),
            errors.photo.map { .p([.class("error"), .id("photo-error"), Attribute("role", "alert")], [.text($0)]) }
              ?? .empty,
            .label([.for("phone")], [.text(context(.phone))]),
            .input([.type("text"), .id("phone"), .name("phone"), .value(profile.phone), .autocomplete("tel")]),
            error("phone"),
            .label([.for("locationId")], [.text(context(.location))]),
            .select(
              [.id("locationId"), .name("locationId")],
              locations.map {
                .option([.value($0.id)] + ($0.id == profile.location.id ? [.selected] : []), $0.name)
              }),
            error("locationId"),
            .label([.for("bio")], [.text(context(.bio))]),
            .textarea([.id("bio"), .name("bio"), Attribute("maxlength", "2000")], profile.bio),
            error("bio"),
            .p([], [.button([.type("submit")], [.text(context(.save))])]),
          ])
      ])
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// Admins' campuses and buildings: each editable in place and removable, forms to add them,
/// the company's check-in policy, and today's counts per building (never names).
package enum AdminPresencePage {
  package static func render(
    _ context: WebContext, campuses: [CampusBody], locations: [LocationBody], policy: PresencePolicyBody,
    today: [BuildingCount]
  ) -> Node {
    Layout.page(
      context(PresenceText.campuses), context,
      [
        .section(
          [.class("card")],
          [
            context.form(
              .presence(.savePolicy), [.class("stack")],
              [
                .label(
                  [],
                  [
                    .input(
                      [.type("checkbox"), .name("withoutPosition")]
                        + (policy.checkInWithoutPosition ? [.checked] : [])),
                    .text(" " + context(PresenceText.checkInWithoutPositionPolicy)),
                  ]),
                .p([], [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.save))])]),
              ])
          ]),
        .section(
          [.class("card"), .id("today-counts")],
          [
            .h2([], [.text(context(PresenceText.todayCounts))]),
            .ul(
              [.class("list")],
              today.map { count in
                .li(
                  [.data("building", count.building.id)],
                  [.text("\(count.building.name): \(context(PresenceText.peopleToday(count.people)))")])
              }),
          ]),
      ]
        + campuses.map { campusCard(context, $0, locations: locations) }
        + [newCampus(context, locations: locations), newBuilding(context, campuses: campuses)])
  }

  private static func campusCard(_ context: WebContext, _ campus: CampusBody, locations: [LocationBody]) -> Node {
    .section(
      [.class("card"), .data("campus", campus.id)],
      [
        .h2([], [.text(campus.name)]),
        context.form(
          .presence(.updateCampus(id: campus.id)), [.class("stack")],
          campusFields(context, campus, locations: locations, prefix: "campus-\(campus.id)") + [
            .p([], [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.save))])])
          ]),
        context.form(
          .presence(.deleteCampus(id: campus.id)), [.class("inline")],
          [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.remove))])]),
        .h3([], [.text(context(PresenceText.buildings))]),
        .ul(
          [.class("list")],
          campus.buildings.map { building in
            .li(
              [.data("building", building.id)],
              [
                .tag(
                  "details", [],
                  [
                    .tag("summary", [], [.text("\(building.name) · \(Int(building.radiusM)) m")]),
                    context.form(
                      .presence(.updateBuilding(id: building.id)), [.class("stack")],
                      buildingFields(context, building, prefix: "building-\(building.id)") + [
                        .p([], [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.save))])])
                      ]),
                    context.form(
                      .presence(.deleteBuilding(id: building.id)), [.class("inline")],
                      [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.remove))])]),
                  ])
              ])
          }),
      ])
  }

  private static func newCampus(_ context: WebContext, locations: [LocationBody]) -> Node {
    .section(
      [.class("card")],
      [
        .h2([], [.text(context(PresenceText.add) + ": " + context(PresenceText.campuses))]),
        context.form(
          .presence(.createCampus), [.class("stack")],
          campusFields(context, nil, locations: locations, prefix: "new-campus") + [
            .p([], [.button([.type("submit")], [.text(context(PresenceText.add))])])
          ]),
      ])
  }

  private static func newBuilding(_ context: WebContext, campuses: [CampusBody]) -> Node {
    guard !campuses.isEmpty else { return .empty }
    return .section(
      [.class("card")],
      [
        .h2([], [.text(context(PresenceText.add) + ": " + context(PresenceText.buildings))]),
        context.form(
          .presence(.createBuilding), [.class("stack")],
          [
            .label([.for("new-building-campus")], [.text(context(PresenceText.campuses))]),
            .select(
              [.id("new-building-campus"), .name("campus")], campuses.map { .option([.value($0.id)], $0.name) }),
          ] + buildingFields(context, nil, prefix: "new-building") + [
            .p([], [.button([.type("submit")], [.text(context(PresenceText.add))])])
          ]),
      ])
  }

  private static func campusFields(
    _ context: WebContext, _ campus: CampusBody?, locations: [LocationBody], prefix: String
  ) -> [Node] {
    field(context, .name, "name", campus?.name ?? "", prefix: prefix)
      + field(context, .timeZone, "timeZone", campus?.timeZone ?? "Europe/Madrid", prefix: prefix)
      + field(context, .latitude, "latitude", campus.map { String($0.latitude) } ?? "", prefix: prefix)
      + field(context, .longitude, "longitude", campus.map { String($0.longitude) } ?? "", prefix: prefix) + [
        .label([.for("\(prefix)-location")], [.text(context(PresenceText.campusLocation))]),
        .select(
          [.id("\(prefix)-location"), .name("location")],
          locations.map { location in
            .option([.value(location.id)] + (campus?.locationId == location.id ? [.selected] : []), location.name)
          }),
      ]
  }

  private static func buildingFields(_ context: WebContext, _ building: BuildingBody?, prefix: String) -> [Node] {
    field(context, .name, "name", building?.name ?? "", prefix: prefix)
      + field(context, .latitude, "latitude", building.map { String($0.latitude) } ?? "", prefix: prefix)
      + field(context, .longitude, "longitude", building.map { String($0.longitude) } ?? "", prefix: prefix)
      + field(context, .radius, "radius", building.map { String(Int($0.radiusM)) } ?? "100", prefix: prefix)
      + field(context, .address, "address", building?.address ?? "", prefix: prefix, required: false)
      + field(
        context, .floors, "floors", building?.floors.joined(separator: ", ") ?? "", prefix: prefix, required: false)
  }

  private static func field(
    _ context: WebContext, _ label: PresenceText, _ name: String, _ value: String, prefix: String,
    required: Bool = true
  ) -> [Node] {
    [
      .label([.for("\(prefix)-\(name)")], [.text(context(label))]),
      .input(
        [.type("text"), .id("\(prefix)-\(name)"), .name(name), .value(value)] + (required ? [.required] : [])),
    ]
  }
}

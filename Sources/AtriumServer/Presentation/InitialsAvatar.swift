import AtriumDomain
import AtriumServices
import AtriumWeb

/// The picture of someone without a photo: their initials on a colour chosen from their id,
/// so the same person always gets the same colour.
enum InitialsAvatar {
  private static let palette = ["#1e6091", "#2a9d8f", "#7b2cbf", "#c1121f", "#bc6c25", "#386641", "#5f0f40", "#3a0ca3"]

  static func svg(for employee: Employee, size: Int) -> String {
    let index = employee.id.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0x7fff_ffff } % palette.count
    let initials = HTMLText.escape(employee.initials)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 100 100">\
      <rect width="100" height="100" fill="\(palette[index])"/>\
      <text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="40" \
      fill="#ffffff">\(initials)</text></svg>
      """
  }
}

import Feature
import Loom

// The app registers the clock the feature's editor needs, next to the feature's registrations.
let app = Container(name: "app") {
    DependencyGroup.featureAutoregistered
    Dependency { () -> any Clock in FixedClock() }
}
DependencyGraph.activate(app)
let editor: Editor = try app.resolve()
print(editor.stamp())

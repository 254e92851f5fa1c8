/** Entry of the statechart visualiser page (the code lives in dev/visualiser/). */
import '../dev/visualiser/main.tsx'

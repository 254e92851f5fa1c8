import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  /* config options here */
  cacheComponents: true,
  partialPrefetching: true,
  experimental: {
    // The repository's tests build this app once per run in a fresh folder: Turbopack's build cache (about 20 s of
    // writing on two cores) would never be read. A real app that rebuilds in place may leave it on (Next's default).
    turbopackFileSystemCacheForBuild: false,
  },
}

export default nextConfig

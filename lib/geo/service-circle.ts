import { LOCATIONS } from "@/content/locations";
import { SITE } from "@/content/site";
import { distanceMiles, type LatLon } from "./distance";

const METERS_PER_MILE = 1609.344;
/** Four decimals (about 11 m): as the structured data states the circle's midpoint. */
const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000;

/** The middle of the service area: the mean of the service cities' coordinates. */
export function serviceAreaCentre(): LatLon {
  const sum = LOCATIONS.reduce(
    (acc, location) => ({ lat: acc.lat + location.lat, lon: acc.lon + location.lon }),
    { lat: 0, lon: 0 },
  );
  return {
    lat: roundCoordinate(sum.lat / LOCATIONS.length),
    lon: roundCoordinate(sum.lon / LOCATIONS.length),
  };
}

/** The circle the home page's LocalBusiness declares as its area served; the ZIP check's too. */
export function serviceCircle() {
  const radiusMeters = SITE.serviceRadiusMeters;
  return { centre: serviceAreaCentre(), radiusMeters, radiusMiles: radiusMeters / METERS_PER_MILE };
}

/** Whether a point lies inside the declared circle (its edge included). */
export function insideServiceCircle(point: LatLon): boolean {
  const { centre, radiusMiles } = serviceCircle();
  return distanceMiles(centre, point) <= radiusMiles;
}

/**
 * What the service provider tells identity providers about itself (RFC 7643 sections on the
 * service provider configuration, resource types and schemas): PATCH and filters yes, bulk,
 * sorting, ETags and password changes no, authentication by the company's bearer token.
 */
import { GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, USER_SCHEMA } from "./scim.presenter.ts";
import { SCIM_MAX_PAGE_SIZE } from "./scim.service.ts";

const SERVICE_PROVIDER_CONFIG_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "A token an administrator creates in Company Settings → Provisioning.",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${baseUrl}/ServiceProviderConfig` },
  };
}

function resourceType(baseUrl: string, name: "User" | "Group", schema: string) {
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: name,
    name,
    endpoint: `/${name}s`,
    schema,
    meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/${name}` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [resourceType(baseUrl, "User", USER_SCHEMA), resourceType(baseUrl, "Group", GROUP_SCHEMA)];
}

type Attribute = {
  name: string;
  type: "string" | "boolean" | "complex" | "reference";
  multiValued?: boolean;
  required?: boolean;
  mutability?: "readOnly" | "readWrite" | "immutable";
  uniqueness?: "none" | "server";
  caseExact?: boolean;
  subAttributes?: Attribute[];
};

function attribute(definition: Attribute): Record<string, unknown> {
  const { subAttributes, ...rest } = definition;
  return {
    multiValued: false,
    required: false,
    mutability: "readWrite",
    returned: "default",
    uniqueness: "none",
    caseExact: false,
    ...rest,
    ...(subAttributes ? { subAttributes: subAttributes.map(attribute) } : {}),
  };
}

const USER_ATTRIBUTES: Attribute[] = [
  { name: "userName", type: "string", required: true, uniqueness: "server" },
  { name: "externalId", type: "string", caseExact: true },
  {
    name: "name",
    type: "complex",
    subAttributes: [
      { name: "givenName", type: "string" },
      { name: "familyName", type: "string" },
      { name: "formatted", type: "string", mutability: "readOnly" },
    ],
  },
  { name: "displayName", type: "string" },
  {
    name: "emails",
    type: "complex",
    multiValued: true,
    subAttributes: [
      { name: "value", type: "string" },
      { name: "type", type: "string" },
      { name: "primary", type: "boolean" },
    ],
  },
  { name: "active", type: "boolean" },
  {
    name: "groups",
    type: "complex",
    multiValued: true,
    mutability: "readOnly",
    subAttributes: [
      { name: "value", type: "string", mutability: "readOnly" },
      { name: "display", type: "string", mutability: "readOnly" },
    ],
  },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  { name: "displayName", type: "string", required: true, uniqueness: "server" },
  { name: "externalId", type: "string", caseExact: true },
  {
    name: "members",
    type: "complex",
    multiValued: true,
    subAttributes: [
      { name: "value", type: "string", mutability: "immutable" },
      { name: "display", type: "string", mutability: "readOnly" },
    ],
  },
];

export function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: "User",
      description: "A person of the company",
      attributes: USER_ATTRIBUTES.map(attribute),
      meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: "Group",
      description: "A team of the company",
      attributes: GROUP_ATTRIBUTES.map(attribute),
      meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}

export { LIST_RESPONSE_SCHEMA };
